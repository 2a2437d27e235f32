/** Input and display limits that both the web forms and the API enforce. */
export const limits = {
  airdropTitleMaxLength: 60,
  airdropLogoMaxBytes: 1024 * 1024,
  tokenAmountMaxDecimals: 4,
  decimalInputMaxDecimals: 10,
  codeInputMaxLength: 16,
  referralCodeMinLength: 4,
  referralCodeMaxLength: 16,
} as const;
