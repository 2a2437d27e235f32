import { useParams } from "react-router";
import { TipsCreatePage } from "../../features/tips";
import { NotFoundError } from "../../shared/api/errors";
import { useTipsViewer } from "./tips-integrations";

/** tips/create/{id?}: create a tips campaign, or edit one before it starts. */
export function Component() {
  const { id } = useParams();
  const viewer = useTipsViewer();
  if (id !== undefined && !/^[1-9]\d{0,15}$/.test(id)) throw new NotFoundError(id);
  return <TipsCreatePage key={id ?? "new"} id={id === undefined ? null : Number(id)} viewer={viewer} />;
}
