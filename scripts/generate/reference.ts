// The fixed reference data: 17 divisions, 4 sanctioning bodies and their titles. It does not
// depend on the seed, so title ids are the same in every generated dataset.
import type { DivisionRecord, OrganizationRecord, TitleRecord } from '../../src/content/schemas.ts';

interface DivisionInfo {
  name: string;
  lb: number | null;
  kg: number | null;
  /** Relative number of fighters (the middle weights are the busiest). */
  share: number;
  /** Typical height range in cm. */
  height: [number, number];
}

/** Heaviest first, limits from shared/reference/weight-classes.md. */
const DIVISIONS: DivisionInfo[] = [
  { name: 'Heavyweight', lb: null, kg: null, share: 6, height: [186, 203] },
  { name: 'Cruiserweight', lb: 200, kg: 90.7, share: 4, height: [182, 196] },
  { name: 'Light Heavyweight', lb: 175, kg: 79.4, share: 5, height: [178, 193] },
  { name: 'Super Middleweight', lb: 168, kg: 76.2, share: 6, height: [175, 190] },
  { name: 'Middleweight', lb: 160, kg: 72.6, share: 7, height: [173, 188] },
  { name: 'Super Welterweight', lb: 154, kg: 69.9, share: 7, height: [171, 185] },
  { name: 'Welterweight', lb: 147, kg: 66.7, share: 8, height: [168, 183] },
  { name: 'Super Lightweight', lb: 140, kg: 63.5, share: 8, height: [166, 180] },
  { name: 'Lightweight', lb: 135, kg: 61.2, share: 8, height: [164, 178] },
  { name: 'Super Featherweight', lb: 130, kg: 59.0, share: 7, height: [163, 176] },
  { name: 'Featherweight', lb: 126, kg: 57.2, share: 7, height: [161, 174] },
  { name: 'Super Bantamweight', lb: 122, kg: 55.3, share: 6, height: [159, 171] },
  { name: 'Bantamweight', lb: 118, kg: 53.5, share: 5, height: [157, 169] },
  { name: 'Super Flyweight', lb: 115, kg: 52.2, share: 4, height: [155, 166] },
  { name: 'Flyweight', lb: 112, kg: 50.8, share: 4, height: [153, 164] },
  { name: 'Light Flyweight', lb: 108, kg: 49.0, share: 3, height: [151, 162] },
  { name: 'Minimumweight', lb: 105, kg: 47.6, share: 3, height: [150, 160] },
];

export interface Division {
  record: DivisionRecord;
  index: number;
  share: number;
  height: [number, number];
}

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const divisions: Division[] = DIVISIONS.map((d, index) => ({
  record: { id: slug(d.name), name: d.name, weight_lb: d.lb, weight_kg: d.kg },
  index,
  share: d.share,
  height: d.height,
}));

/** Each name is the full name and the acronym, as the shared reference writes them (docs/decisions.md). */
export const organizations: OrganizationRecord[] = [
  { id: 'wba', name: 'World Boxing Association (WBA)', slug: 'wba' },
  { id: 'wbc', name: 'World Boxing Council (WBC)', slug: 'wbc' },
  { id: 'ibf', name: 'International Boxing Federation (IBF)', slug: 'ibf' },
  { id: 'wbo', name: 'World Boxing Organization (WBO)', slug: 'wbo' },
];

export type TitleType = TitleRecord['type'];
export const TITLE_TYPES: TitleType[] = ['full', 'regular', 'interim'];

/** About a third of the divisions of each body have an interim champion, spread by a fixed rule. */
function hasInterim(orgIndex: number, divisionIndex: number): boolean {
  return (orgIndex + divisionIndex) % 3 === 0;
}

function titleName(orgId: string, division: string, type: TitleType): string {
  const org = orgId.toUpperCase();
  if (type === 'interim') return `${org} Interim World ${division} Title`;
  if (type === 'regular') return `${org} Regular World ${division} Title`;
  return orgId === 'wba' ? `WBA Super World ${division} Title` : `${org} World ${division} Title`;
}

export const titles: TitleRecord[] = organizations.flatMap((org, orgIndex) =>
  divisions.flatMap((d) => {
    const types: TitleType[] = ['full'];
    if (org.id === 'wba') types.push('regular');
    if (hasInterim(orgIndex, d.index)) types.push('interim');
    return types.map((type) => ({
      id: `${org.id}-${d.record.id}-${type}`,
      name: titleName(org.id, d.record.name, type),
      organization_id: org.id,
      division_id: d.record.id,
      type,
    }));
  }),
);

/** Titles of one division, in the order above. */
export function titlesOfDivision(divisionId: string): TitleRecord[] {
  return titles.filter((t) => t.division_id === divisionId);
}
