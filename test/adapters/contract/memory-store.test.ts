import { MemoryStore } from "../../../shared/adapters/memory/memory-store.js";
import { describeDuelStoreContract } from "./duel-store-contract.js";

describeDuelStoreContract("memory", async () => new MemoryStore());
