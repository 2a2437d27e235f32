import { Avatar } from "@mantine/core";

/** A chain's icon from the registry (`/chains/<id>.svg`), with its initial while it loads or if it is missing. */
export function ChainIcon({
  icon,
  name,
  size = 20,
}: {
  icon: string | undefined;
  name: string;
  size?: number;
}) {
  return (
    <Avatar
      src={icon}
      alt=""
      size={size}
      radius="xl"
      color="jade"
      styles={{ placeholder: { fontSize: size * 0.5 } }}
    >
      {name.slice(0, 1)}
    </Avatar>
  );
}
