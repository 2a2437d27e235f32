import { Center, Loader } from "@mantine/core";

export function RouteLoading() {
  return (
    <Center mih={240} py="xl" data-testid="route-loading">
      <Loader type="dots" />
    </Center>
  );
}
