// The fairness simulator and verifier (the `simulator` route; the algorithm is in docs/fairness.md).
export { SimulatorPage } from "./components/simulator-page";
