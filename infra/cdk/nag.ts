import { type App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";

/**
 * Runs cdk-nag's AWS Solutions pack on every stack of the app. cdk-nag 3 is a CDK policy-validation
 * plugin (no longer an Aspect): an unacknowledged error makes `app.synth()` throw, and `cdk synth`
 * exit non-zero. Acknowledgements live next to the resource they concern, each with its reason.
 */
export function addNagChecks(app: App): AwsSolutionsChecks {
  const checks = new AwsSolutionsChecks(app, { verbose: true });
  Validations.of(app).addPlugins(checks);
  return checks;
}
