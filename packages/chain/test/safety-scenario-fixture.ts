import {
  deploySafetyScenario,
  type SafetyScenario,
  safetyScenarioOptions,
} from "@dropfair/contracts/safety-scenario";
import type { LocalChainFixture } from "@dropfair/contracts/testing";
import { beforeAll } from "vitest";

/** Deploys the safe check's scenario on the file's local chain (after useLocalChain's own beforeAll). */
export function useSafetyScenario(chain: LocalChainFixture): { readonly value: SafetyScenario } {
  let scenario: SafetyScenario | undefined;
  beforeAll(async () => {
    scenario = await deploySafetyScenario(safetyScenarioOptions(chain));
  }, 60_000);
  return {
    get value() {
      if (!scenario) throw new Error("the safety scenario is deployed in beforeAll; read it in a test");
      return scenario;
    },
  };
}
