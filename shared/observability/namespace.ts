/** The CloudWatch namespace of every business metric (the functions publish, the stack's alarms read). */
export const METRICS_NAMESPACE = "DuelReferee";
