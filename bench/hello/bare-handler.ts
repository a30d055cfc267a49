/**
 * A function that does nothing: what Node and the bench's process cost alone, the floor under
 * every other cold start.
 */
export const handler = async () => ({ statusCode: 200 });
