import { MemoryStore } from "../../../shared/adapters/memory/memory-store.js";
import { MemoryPollStore } from "../../../shared/adapters/memory/poll-store.js";
import { describeDuelStoreContract } from "./duel-store-contract.js";
import { describePollStoreContract } from "./poll-store-contract.js";

describeDuelStoreContract("memory", async () => new MemoryStore());

describePollStoreContract("memory", async () => {
  const store = new MemoryStore();
  return { store, polls: new MemoryPollStore(store.tables) };
});
