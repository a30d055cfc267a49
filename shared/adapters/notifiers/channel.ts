import type { ChannelConfig, Hibou, Notifier } from "../../ports/notifier.js";

/** One channel type's configuration, e.g. `ChannelOf<"discord">`. */
export type ChannelOf<T extends ChannelConfig["type"]> = Extract<ChannelConfig, { type: T }>;

/** What a delivery knows of the forum beyond the channel (its generic webhook secret). */
export type DeliveryContext = Parameters<Notifier["deliver"]>[2];

/** Delivery through one channel type, resuming at `progress` (`Notifier`); throws DeliveryError when it fails. */
export interface ChannelNotifier<T extends ChannelConfig["type"]> {
  deliver(hibou: Hibou, channel: ChannelOf<T>, context: DeliveryContext, progress?: number): Promise<void>;
}
