import { config } from "zod/mini";
import { zodMessage } from "../texts/validation.js";

/**
 * zod's checks in French (`zodMessage`), for every schema, zod classic's and zod/mini's alike: the
 * 4xx answers' `details` and the desk's forms show these messages to referees and admins. zod/mini
 * registers no locale of its own (every issue would read "Invalid input"), and zod classic
 * registers English on its first schema only when no locale is set; set here unconditionally, the
 * French wins whichever loads first. A few short sentences rather than zod's French locale, whose
 * wording does not agree ("chaîne de caractères reçu") and whose symbols (">=2") are not prose.
 *
 * Imported for its effect by every module that builds or reads zod schemas' issues.
 */
config({ localeError: zodMessage });
