import { Chip, Group } from "@mantine/core";

export type ChoiceChipsProps<Value extends string> = {
  value: Value;
  onChange: (value: Value) => void;
  options: readonly { value: Value; label: string }[];
  testId: string;
};

/** One choice among a few, as chips that wrap on narrow screens. */
export function ChoiceChips<Value extends string>({
  value,
  onChange,
  options,
  testId,
}: ChoiceChipsProps<Value>) {
  return (
    <Chip.Group multiple={false} value={value} onChange={(next) => onChange(next as Value)}>
      <Group gap="xs" data-testid={testId}>
        {options.map((option) => (
          <Chip key={option.value} value={option.value} variant="light">
            {option.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
