import { App } from "aws-cdk-lib";
import { DuelStack } from "./duel-stack.js";
import { addNagChecks } from "./nag.js";

/**
 * `cdk synth` / `cdk deploy` entry (cdk.json). The stack is environment-agnostic, so synth needs no
 * credentials; `cdk deploy` takes the account and region from the caller's AWS profile.
 */
// The bundling's code-cache step loads the AWS SDK under the Node that runs the CDK; its notice that
// SDK releases after January 2027 need Node 22 concerns that Node, not the functions (nodejs22.x),
// and would be printed once per function: silenced with the SDK's own switch. The CLI's own SDK
// (deploy, diff, bootstrap) prints it too, before this app runs: `npm run cdk -- …` (package.json)
// sets the same switch for it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const app = new App();
new DuelStack(app, "DuelReferee", {
  description: "Duel referee: automatic referee for forum role-play duels",
});
addNagChecks(app);
app.synth();
