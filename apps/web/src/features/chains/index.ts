// The chains feature's public surface: the chain list page body.
export { ChainList, type ChainListProps } from "./components/chain-list";
