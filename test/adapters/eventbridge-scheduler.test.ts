import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SchedulerClient } from "@aws-sdk/client-scheduler";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { at, EventBridgeScheduler, scheduleName } from "../../shared/adapters/eventbridge-scheduler.js";
import type { TimerFiring, TimerSpec } from "../../shared/ports/scheduler.js";

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: string;
}

/** What the fake Scheduler API answers next: 200, or an AWS error by its type. */
type Answer = { readonly status: 200 } | { readonly status: number; readonly errorType: string };

const requests: Recorded[] = [];
let answer: Answer = { status: 200 };
let endpoint = "";
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({
      method: req.method ?? "",
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    respond(res, url.pathname);
  });
});

function respond(res: ServerResponse, path: string): void {
  if (answer.status === 200) {
    const name = path.split("/").pop() ?? "";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ ScheduleArn: `arn:aws:scheduler:eu-west-3:000000000000:schedule/duels/${name}` }),
    );
    return;
  }
  const errorType = "errorType" in answer ? answer.errorType : "InternalServerException";
  res.writeHead(answer.status, { "content-type": "application/json", "x-amzn-errortype": errorType });
  res.end(JSON.stringify({ message: `${errorType} from the local fake` }));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests.length = 0;
  answer = { status: 200 };
});

const NOW = new Date("2026-12-01T10:00:00.000Z");
const aTimer = (overrides: Partial<TimerSpec> = {}): TimerSpec => ({
  name: "duel-42.reply-deadline.4",
  duelId: "duel-42",
  kind: "reply-deadline",
  at: "2026-12-04T10:00:00.000Z",
  ref: "4",
  ...overrides,
});

function makeScheduler(options: { deadLetterArn?: string } = {}) {
  const fired: TimerSpec[] = [];
  const client = new SchedulerClient({
    endpoint,
    region: "eu-west-3",
    credentials: { accessKeyId: "AKIDLOCALTEST", secretAccessKey: "local-test-secret" },
    maxAttempts: 1,
  });
  const scheduler = new EventBridgeScheduler({
    client,
    groupName: "duels",
    targetArn: "arn:aws:lambda:eu-west-3:000000000000:function:timer",
    roleArn: "arn:aws:iam::000000000000:role/scheduler",
    ...options,
    now: () => NOW,
    fireNow: async (timer) => {
      fired.push(timer);
    },
  });
  return { scheduler, fired };
}

describe("EventBridgeScheduler", () => {
  it("R-6.1 creates a one-time UTC schedule whose input is the TimerFiring", async () => {
    const { scheduler, fired } = makeScheduler({
      deadLetterArn: "arn:aws:sqs:eu-west-3:000000000000:timers-dlq",
    });
    const timer = aTimer();
    await scheduler.schedule(timer);

    expect(fired).toEqual([]);
    expect(requests).toHaveLength(1);
    const request = requests[0];
    if (!request) throw new Error("no request received");
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/schedules/duel-42.reply-deadline.4");
    const body = JSON.parse(request.body) as Record<string, unknown> & { Target: Record<string, unknown> };
    expect(body).toMatchObject({
      GroupName: "duels",
      ScheduleExpression: "at(2026-12-04T10:00:00)",
      ScheduleExpressionTimezone: "UTC",
      FlexibleTimeWindow: { Mode: "OFF" },
      ActionAfterCompletion: "DELETE",
      Target: {
        Arn: "arn:aws:lambda:eu-west-3:000000000000:function:timer",
        RoleArn: "arn:aws:iam::000000000000:role/scheduler",
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 86_400 },
        DeadLetterConfig: { Arn: "arn:aws:sqs:eu-west-3:000000000000:timers-dlq" },
      },
    });
    const firing = JSON.parse(String(body.Target.Input)) as TimerFiring;
    expect(firing).toEqual({ timer });
  });

  it("leaves out the dead-letter queue when there is none", async () => {
    const { scheduler } = makeScheduler();
    await scheduler.schedule(aTimer());
    const body = JSON.parse(requests[0]?.body ?? "{}") as { Target: Record<string, unknown> };
    expect(body.Target).not.toHaveProperty("DeadLetterConfig");
  });

  it("a schedule that already exists is the same timer: success", async () => {
    answer = { status: 409, errorType: "ConflictException" };
    const { scheduler } = makeScheduler();
    await expect(scheduler.schedule(aTimer())).resolves.toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  it("other errors reach the caller", async () => {
    answer = { status: 400, errorType: "ValidationException" };
    const { scheduler } = makeScheduler();
    await expect(scheduler.schedule(aTimer())).rejects.toMatchObject({ name: "ValidationException" });
  });

  it("a timer already due fires now and sends nothing", async () => {
    const { scheduler, fired } = makeScheduler();
    const past = aTimer({ at: "2026-11-30T10:00:00.000Z" });
    const now = aTimer({ name: "now", at: NOW.toISOString() });
    await scheduler.schedule(past);
    await scheduler.schedule(now);
    expect(fired).toEqual([past, now]);
    expect(requests).toHaveLength(0);
  });

  it("CONTRACT 4.4 a timer due within a minute is scheduled a minute ahead, late rather than early, carrying its own time", async () => {
    // Fired at once, a poll chain read every 30 s would read the board back to back.
    const { scheduler, fired } = makeScheduler();
    const soon = aTimer({ name: "soon", at: "2026-12-01T10:00:30.000Z" });
    await scheduler.schedule(soon);
    expect(fired).toEqual([]);
    const body = JSON.parse(requests[0]?.body ?? "{}") as {
      ScheduleExpression: string;
      Target: { Input: string };
    };
    expect(body.ScheduleExpression).toBe("at(2026-12-01T10:01:00)");
    expect(JSON.parse(body.Target.Input)).toEqual({ timer: soon });
  });

  it("cancel deletes the schedule in its group", async () => {
    const { scheduler } = makeScheduler();
    await scheduler.cancel({ name: "duel-42.reply-deadline.4", duelId: "duel-42" });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe("DELETE");
    expect(requests[0]?.path).toBe("/schedules/duel-42.reply-deadline.4");
    expect(requests[0]?.query.get("groupName")).toBe("duels");
  });

  it("cancelling a schedule that does not exist (fired or never made) is a success", async () => {
    answer = { status: 404, errorType: "ResourceNotFoundException" };
    const { scheduler } = makeScheduler();
    await expect(scheduler.cancel({ name: "gone", duelId: "duel-42" })).resolves.toBeUndefined();
  });
});

describe("scheduleName", () => {
  it("keeps a valid name as it is", () => {
    expect(scheduleName({ name: "duel-42.reminder_3" })).toBe("duel-42.reminder_3");
  });

  it("replaces invalid characters and adds a hash so different names stay different", () => {
    const colon = scheduleName({ name: "duel:42/reply" });
    const slash = scheduleName({ name: "duel/42:reply" });
    expect(colon).toMatch(/^duel-42-reply-[0-9a-f]{10}$/);
    expect(colon).not.toBe(slash);
  });

  it("cuts long names to 64 characters, deterministically, keeping a readable prefix", () => {
    const long = `duel-${"a".repeat(100)}.reply-deadline.7`;
    const name = scheduleName({ name: long });
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^[0-9a-zA-Z\-_.]+$/);
    expect(name.startsWith("duel-aaaa")).toBe(true);
    expect(scheduleName({ name: long })).toBe(name);
    expect(scheduleName({ name: `${long}8` })).not.toBe(name);
  });

  it("never gives an empty name", () => {
    expect(scheduleName({ name: "" })).toMatch(/^timer-[0-9a-f]{10}$/);
  });
});

describe("at", () => {
  it("formats a UTC instant without milliseconds or zone", () => {
    expect(at("2026-12-04T10:00:00Z")).toBe("at(2026-12-04T10:00:00)");
    expect(at(new Date("2026-12-04T11:00:00+01:00"))).toBe("at(2026-12-04T10:00:00)");
  });

  it("rounds a fraction of a second up, never early", () => {
    expect(at("2026-12-04T10:00:00.001Z")).toBe("at(2026-12-04T10:00:01)");
  });
});
