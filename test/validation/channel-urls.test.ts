import { describe, expect, it } from "vitest";
import { channelUrlProblem, isPublicAddress, PUBLIC_ONLY } from "../../shared/validation/channel-urls.js";

const LOCAL = { allowLoopback: true };

describe("CONTRACT 3 where hiboux may go", () => {
  it("CONTRACT 3 public addresses only: loopback, private, link-local, metadata, CGNAT, documentation, multicast are not", () => {
    for (const address of [
      "93.184.216.34",
      "8.8.8.8",
      "162.159.135.232",
      "2606:4700::6810:84e5",
      "2a00:1450:4007:80a::200e",
    ])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.1.2.3",
      "100.64.0.1",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "192.0.2.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "2002:a00:1::1",
      "64:ff9b::a00:1",
      "fd00:ec2::254",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("CONTRACT 3 https to a public host only; Discord webhooks on Discord's hosts", () => {
    const refused: [string, "webhook" | "discord" | "discourse"][] = [
      ["http://example.org/hook", "webhook"],
      ["https://127.0.0.1/hook", "webhook"],
      ["http://127.0.0.1:8080/hook", "webhook"],
      ["https://169.254.169.254/latest/meta-data/", "webhook"],
      ["https://[::1]/hook", "webhook"],
      ["https://[::ffff:127.0.0.1]/hook", "webhook"],
      ["https://2130706433/hook", "webhook"],
      ["https://0x7f.1/hook", "webhook"],
      ["https://10.0.0.5/hook", "webhook"],
      ["https://localhost/hook", "webhook"],
      ["https://metadata.google.internal/computeMetadata/v1/", "webhook"],
      ["https://intranet/hook", "webhook"],
      ["https://user:pass@example.org/hook", "webhook"],
      ["file:///etc/passwd", "webhook"],
      ["javascript:alert(1)", "webhook"],
      ["ftp://example.org/hook", "webhook"],
      ["data:text/plain,hello", "webhook"],
      ["https://example.org/api/webhooks/1/token", "discord"],
      ["https://discord.com.evil.example/api/webhooks/1/token", "discord"],
      ["https://192.168.0.10", "discourse"],
      ["not a url", "discourse"],
    ];
    for (const [url, type] of refused)
      expect(channelUrlProblem(type, url, PUBLIC_ONLY), url).toEqual(expect.any(String));
    const accepted: [string, "webhook" | "discord" | "discourse"][] = [
      ["https://hooks.example.org/in", "webhook"],
      ["https://93.184.216.34/in", "webhook"],
      ["https://discord.com/api/webhooks/1234/token", "discord"],
      ["https://discordapp.com/api/webhooks/1234/token", "discord"],
      ["https://forum.poudlard-rp.fr", "discourse"],
    ];
    for (const [url, type] of accepted)
      expect(channelUrlProblem(type, url, PUBLIC_ONLY), url).toBeUndefined();
  });

  it("CONTRACT 3 other spellings of internal hosts are refused at save time: trailing dots, IPv4 forms, IPv6 mapped", () => {
    const spellings = [
      "https://localhost./hook",
      "https://LOCALHOST../hook",
      "https://api.localhost./hook",
      "https://intranet./hook",
      "https://printer.local./hook",
      "https://metadata.google.internal./v1/",
      "https://127.0.0.1./hook",
      "https://169.254.169.254./latest/meta-data/",
      "https://2130706433/hook",
      "https://0177.0.0.1/hook",
      "https://0x7f.1/hook",
      "https://127.1/hook",
      "https://0251.0376.0251.0376/",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[::ffff:7f00:1]/hook",
      "https://[::ffff:a9fe:a9fe]/",
      "https://[::ffff:10.0.0.5]/hook",
      "https://[::127.0.0.1]/hook",
      "https://[::1]/hook",
      "https://[fe80::1]/hook",
      "https://[fc00::1]/hook",
      "https://[2001:db8::1]/hook",
    ];
    for (const url of spellings)
      expect(channelUrlProblem("webhook", url, PUBLIC_ONLY), url).toEqual(expect.any(String));
    // A public host written with its trailing dot is the same public host.
    expect(channelUrlProblem("webhook", "https://hooks.example.org./in", PUBLIC_ONLY)).toBeUndefined();
    expect(
      channelUrlProblem("discord", "https://discord.com./api/webhooks/1/t", PUBLIC_ONLY),
    ).toBeUndefined();
  });

  it("CONTRACT 3 loopback is allowed only by the local stack's explicit policy, and only loopback", () => {
    expect(channelUrlProblem("webhook", "http://127.0.0.1:8080/hook", LOCAL)).toBeUndefined();
    expect(channelUrlProblem("discord", "http://localhost:8080/api/webhooks/1/t", LOCAL)).toBeUndefined();
    expect(channelUrlProblem("webhook", "http://10.0.0.5/hook", LOCAL)).toEqual(expect.any(String));
    expect(channelUrlProblem("webhook", "https://169.254.169.254/", LOCAL)).toEqual(expect.any(String));
    expect(channelUrlProblem("webhook", "file:///etc/passwd", LOCAL)).toEqual(expect.any(String));
  });
});
