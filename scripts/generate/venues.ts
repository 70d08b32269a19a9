// Where events happen, who promotes them and who shows them.

export interface Venue {
  location: string;
  venue: string;
  country: string;
  city: string;
  weight: number;
}

const v = (location: string, venue: string, weight: number): Venue => {
  const parts = location.split(', ');
  return { location, venue, country: parts[parts.length - 1], city: parts[0], weight };
};

export const VENUES: Venue[] = [
  v('Las Vegas, Nevada, United States', 'T-Mobile Arena', 8),
  v('Las Vegas, Nevada, United States', 'MGM Grand Garden Arena', 5),
  v('New York, New York, United States', 'Madison Square Garden', 4),
  v('Brooklyn, New York, United States', 'Barclays Center', 3),
  v('Los Angeles, California, United States', 'Crypto.com Arena', 3),
  v('Carson, California, United States', 'Dignity Health Sports Park', 2),
  v('Houston, Texas, United States', 'Toyota Center', 2),
  v('Arlington, Texas, United States', 'AT&T Stadium', 1),
  v('Atlantic City, New Jersey, United States', 'Boardwalk Hall', 2),
  v('London, United Kingdom', 'The O2 Arena', 5),
  v('London, United Kingdom', 'Wembley Stadium', 1),
  v('London, United Kingdom', 'York Hall', 3),
  v('Manchester, United Kingdom', 'AO Arena', 3),
  v('Cardiff, United Kingdom', 'Principality Stadium', 1),
  v('Glasgow, United Kingdom', 'OVO Hydro', 2),
  v('Sheffield, United Kingdom', 'Utilita Arena Sheffield', 1),
  v('Tokyo, Japan', 'Ariake Arena', 3),
  v('Saitama, Japan', 'Saitama Super Arena', 2),
  v('Yokohama, Japan', 'Yokohama Arena', 1),
  v('Riyadh, Saudi Arabia', 'Kingdom Arena', 3),
  v('Abu Dhabi, United Arab Emirates', 'Etihad Arena', 1),
  v('Mexico City, Mexico', 'Arena Ciudad de México', 3),
  v('Guadalajara, Mexico', 'Estadio Akron', 1),
  v('Monterrey, Mexico', 'Arena Monterrey', 2),
  v('Quezon City, Philippines', 'Smart Araneta Coliseum', 2),
  v('San Juan, Puerto Rico', 'Coliseo Roberto Clemente', 1),
  v('Montreal, Quebec, Canada', 'Bell Centre', 1),
  v('Sydney, Australia', 'Qudos Bank Arena', 1),
  v('Dublin, Ireland', '3Arena', 1),
  v('Berlin, Germany', 'Uber Arena', 1),
  v('Kraków, Poland', 'Tauron Arena', 1),
  v('Madrid, Spain', 'WiZink Center', 1),
  v('Buenos Aires, Argentina', 'Estadio Luna Park', 1),
  v('Bangkok, Thailand', 'Rajadamnern Stadium', 1),
];

export const BROADCASTERS: Record<string, string[]> = {
  'United States': ['ESPN', 'DAZN', 'Prime Video', 'Fox Sports', 'ESPN+', 'Showtime'],
  'United Kingdom': ['Sky Sports', 'TNT Sports', 'DAZN', 'BBC Sport', 'Channel 5'],
  Mexico: ['Azteca 7', 'TUDN', 'Canal 5', 'ESPN Knockout'],
  Japan: ['WOWOW', 'Fuji TV', 'Lemino', 'Prime Video'],
  Philippines: ['GMA Network', 'Cignal TV', 'TV5'],
  'Saudi Arabia': ['Shahid', 'SSC Sports'],
  'United Arab Emirates': ['Abu Dhabi Sports', 'beIN Sports'],
  Germany: ['DAZN', 'Sat.1', 'MagentaSport'],
  Australia: ['Kayo Sports', 'Main Event', 'Foxtel'],
  Canada: ['TVA Sports', 'Sportsnet'],
  'Puerto Rico': ['WAPA', 'Telemundo'],
  Poland: ['Polsat Sport', 'TVP Sport'],
  Ireland: ['RTÉ', 'Virgin Media Sport'],
  Spain: ['DAZN', 'Movistar Plus+'],
  Argentina: ['TyC Sports', 'TV Pública'],
  Thailand: ['Channel 7', 'PPTV'],
};

/** Countries that often carry a foreign card as well, with how often. */
export const FOREIGN_MARKETS: [string, number][] = [
  ['United States', 5],
  ['United Kingdom', 4],
  ['Mexico', 2],
  ['Japan', 1],
  ['Canada', 1],
  ['Australia', 1],
  ['Germany', 1],
  ['Spain', 1],
  ['Philippines', 1],
];

const US_PROMOTERS = [
  'Top Rank',
  'Golden Boy',
  'Premier Boxing Champions',
  'Most Valuable Promotions',
  'Matchroom Boxing',
];
const UK_PROMOTERS = ['Matchroom Boxing', 'Queensberry', 'BOXXER', 'Wasserman Boxing'];

export const PROMOTERS: Record<string, string[]> = {
  'United States': US_PROMOTERS,
  'Puerto Rico': ['Top Rank', 'Borinquen Boxing', 'Golden Boy'],
  'United Kingdom': UK_PROMOTERS,
  Ireland: UK_PROMOTERS,
  Mexico: ['Zanfer Promotions', 'Golden Boy', 'Promociones del Pueblo', 'Top Rank'],
  Japan: ['Ohashi Promotions', 'Teiken Promotions', 'Top Rank'],
  Philippines: ['Sanman Promotions', 'ALA Promotions'],
  'Saudi Arabia': ['Riyadh Season', 'Matchroom Boxing', 'Queensberry'],
  'United Arab Emirates': ['Probellum', 'Matchroom Boxing'],
  Germany: ['SES Boxing', 'Sauerland Promotion'],
  Australia: ['No Limit Boxing', 'Tasman Fighters'],
  Canada: ['Eye of the Tiger Management', 'Groupe Yvon Michel'],
  Poland: ['Knockout Promotions', 'Tymex Boxing Promotion'],
  Spain: ['Matchroom Boxing', 'Boxeo de Primera'],
  Argentina: ['Arano Box', 'Pampa Box Promotions'],
  Thailand: ['Petchyindee Boxing', 'Onesongchai Promotions'],
};
