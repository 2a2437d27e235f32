import { Card, Stack, Text, Title } from "@mantine/core";
import classes from "./picker.module.css";

export type CreateSectionProps = {
  title: string;
  description?: string;
  children: React.ReactNode;
};

/** One titled card of the create form. */
export function CreateSection({ title, description, children }: CreateSectionProps) {
  return (
    <Card padding="lg" className={classes.section}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
