// ABIs of our own contracts (packages/contracts), for the API, the worker and the web app alike.
// Written out here rather than imported from the compiled artifacts, so a browser bundle never carries bytecode;
// test/abis.test.ts keeps them equal to what solc produces.
import { parseAbi } from "viem";

/**
 * BatchPayout: pays many recipients in one transaction. Its `paymentReference` is the `reference` of the
 * payment verifiers (`reference` is a reserved word in Solidity).
 */
export const batchPayoutAbi = parseAbi([
  "error EmptyBatch()",
  "error LengthMismatch(uint256 recipients, uint256 amounts)",
  "error NativeTransferFailed(address recipient, uint256 amount)",
  "error ReentrancyGuardReentrantCall()",
  "error SafeERC20FailedOperation(address token)",
  "error ValueMismatch(uint256 sent, uint256 total)",
  "error ZeroAmount(uint256 index)",
  "error ZeroRecipient(uint256 index)",
  "error ZeroToken()",
  "event BatchPaid(address indexed payer, address indexed token, bytes32 indexed paymentReference, uint256 total, uint256 count)",
  "function payERC20(address token, bytes32 paymentReference, address[] recipients, uint256[] amounts)",
  "function payNative(bytes32 paymentReference, address[] recipients, uint256[] amounts) payable",
]);
