// The fighter's human-readable measurement fields, all derived from centimetres so they can never disagree.

const CM_PER_INCH = 2.54;

function inches(cm: number): number {
  return Math.round((cm / CM_PER_INCH) * 10) / 10;
}

function feetAndInches(cm: number): string {
  const total = Math.round(cm / CM_PER_INCH);
  return `${Math.floor(total / 12)}' ${total % 12}"`;
}

export function heightFields(cm: number) {
  const ft = feetAndInches(cm);
  return { height: `${ft} / ${cm} cm`, height_cm: cm, height_in: inches(cm), height_ft: ft };
}

export function reachFields(cm: number) {
  const inch = inches(cm);
  // Always one decimal, as in `72.8"`: a whole number of inches reads `65.0"`, not `65"`.
  return { reach: `${inch.toFixed(1)}" / ${cm} cm`, reach_cm: cm, reach_in: inch };
}
