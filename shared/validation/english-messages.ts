import { en } from "zod/locales";
import { config } from "zod/mini";
import { globalConfig } from "zod/v4/core";

/**
 * zod's English messages for the schemas written with zod/mini. zod classic registers them when it
 * builds its first schema; zod/mini registers none, and every issue would read "Invalid input".
 * The 4xx answers' `details` carry these messages, whichever flavour of zod the schema is in, and
 * a function that bundles only zod/mini (the webhook's) must answer as the others do. Like zod
 * classic, this only fills the default: a locale set explicitly stays.
 *
 * Imported for its effect by every module that builds zod/mini schemas.
 */
if (!globalConfig.localeError) config(en());
