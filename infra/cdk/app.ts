import { App } from "aws-cdk-lib";
import { DuelStack } from "./duel-stack.js";
import { addNagChecks } from "./nag.js";

/**
 * `cdk synth` / `cdk deploy` entry (cdk.json). The stack is environment-agnostic, so synth needs no
 * credentials; `cdk deploy` takes the account and region from the caller's AWS profile.
 */
const app = new App();
new DuelStack(app, "DuelReferee", {
  description: "Duel referee: automatic referee for forum role-play duels",
});
addNagChecks(app);
app.synth();
