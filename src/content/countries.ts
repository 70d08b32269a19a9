/** ISO 3166-1 alpha-2 codes of boxing nations and their English short names. */
export const COUNTRIES: Readonly<Record<string, string>> = {
  AR: 'Argentina', AU: 'Australia', AZ: 'Azerbaijan', BE: 'Belgium', BR: 'Brazil', BG: 'Bulgaria',
  CA: 'Canada', CL: 'Chile', CN: 'China', CO: 'Colombia', CU: 'Cuba', CZ: 'Czech Republic',
  DE: 'Germany', DK: 'Denmark', DO: 'Dominican Republic', EC: 'Ecuador', ES: 'Spain', FR: 'France',
  GB: 'United Kingdom', GE: 'Georgia', GH: 'Ghana', HU: 'Hungary', IE: 'Ireland', IN: 'India',
  IT: 'Italy', JM: 'Jamaica', JP: 'Japan', KR: 'South Korea', KZ: 'Kazakhstan', MX: 'Mexico',
  NA: 'Namibia', NG: 'Nigeria', NI: 'Nicaragua', NL: 'Netherlands', NZ: 'New Zealand', PA: 'Panama',
  PH: 'Philippines', PL: 'Poland', PR: 'Puerto Rico', PE: 'Peru', RO: 'Romania', RU: 'Russia',
  SE: 'Sweden', TH: 'Thailand', TR: 'Turkey', UA: 'Ukraine', US: 'United States', UY: 'Uruguay',
  UZ: 'Uzbekistan', VE: 'Venezuela', ZA: 'South Africa', CM: 'Cameroon', CD: 'DR Congo', KE: 'Kenya',
  FI: 'Finland', NO: 'Norway', AM: 'Armenia', BY: 'Belarus', HR: 'Croatia', RS: 'Serbia',
};
