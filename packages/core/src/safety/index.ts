// The safe check's pure rules: block ranges for log scans, approval events and their merging, bytecode
// selectors, and the contract checker's findings.
export {
  type ApprovalEvent,
  type ApprovalKind,
  allowanceKey,
  approvalTopics,
  decodeApprovalLog,
  type EventPosition,
  isUnlimitedAmount,
  latestApprovals,
  type RawLog,
} from "./approval-events.ts";
export {
  type AdminFunction,
  type AdminPower,
  adminFunctions,
  bytecodeSelectors,
  delegatedEoaTarget,
} from "./bytecode.ts";
export {
  type ContractFacts,
  contractFindings,
  type Finding,
  type FindingCode,
  type Severity,
} from "./contract-findings.ts";
export { type BlockRange, halveBlockRange, isLogRangeLimitError, splitBlockRange } from "./log-ranges.ts";
