// The safety feature's public surface: the approvals page and the contract checker page bodies.
export { ApprovalsPage, type ApprovalsPageProps } from "./components/approvals-page";
export { ContractCheckerPage, type ContractCheckerPageProps } from "./components/contract-checker-page";
