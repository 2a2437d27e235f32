// The fairness simulator and verifier (SPEC §2 `simulator`, DESIGN.md §6): the route page.
export { SimulatorPage } from "./components/simulator-page";
