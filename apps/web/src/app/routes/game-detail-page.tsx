import { useParams } from "react-router";
import { GamePage } from "../../features/wheel";
import { NotFoundError } from "../../shared/api/errors";
import { useWheelViewer } from "./wheel-integrations";

/** game/{id}: one lucky wheel game — the wheel and Spin, tickets, missions, draw records, claims, verify. */
export function Component() {
  const { id = "" } = useParams();
  const viewer = useWheelViewer();
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new NotFoundError(id);
  return <GamePage key={id} id={Number(id)} viewer={viewer} />;
}
