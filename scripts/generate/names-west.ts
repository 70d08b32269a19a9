// Fictional-name pools of the Americas and Western Europe. Spanish and Portuguese names carry their
// accents (search folds them: "Álvarez" is found by "alvarez").
import { pool, words } from './pool.ts';

export const EN_NICKNAMES = words(`The_Hammer The_Truth Iron Lightning The_Machine
  The_Assassin Thunder The_Bull Bad_Boy King The_Cobra Bomber The_Natural Hitman The_Storm
  The_Surgeon Mr._Knockout The_Tank Big_Time Blade The_Executioner Sugar Smooth
  The_Wolf Rocket The_Professor Hurricane Bazooka Diamond The_Matador Cannon Silk The_Beast Steel
  The_Gentleman Hollywood The_Jackal Dynamite Zorro The_Reaper Quicksilver`);

const ES_NICKNAMES = words(`El_Toro El_Gallo El_Zurdo Chino El_Niño La_Máquina El_Tigre
  Cañas El_Rey Pantera El_Terrible El_Huracán Dinamita El_Lobo El_Güero Tornado
  El_Bombardero El_Chacal Macho Pitbull El_Demoledor Torito El_Príncipe Bronco El_Mago Martillo
  El_Cóndor Látigo`);

export const WEST_POOLS = {
  hispanic: pool(
    `José Juan Luis Carlos Jesús Miguel Jorge Andrés Martín Julián Sebastián Rubén Ramón Joaquín
    Germán Ángel Óscar Iván Adrián Raúl Alejandro Eduardo Francisco Fernando Héctor Javier
    Leonardo Manuel Marco Mario Pedro Roberto Rodrigo Tomás Víctor Emanuel
    Diego Cristian Daniel Gabriel Hugo Efraín Nicolás Jaime Alan Brandon Omar Édgar`,
    `Álvarez Muñoz Pérez Gómez Rodríguez Hernández Martínez González Sánchez Ramírez Jiménez Díaz
    Fernández López Gutiérrez Domínguez Vásquez Núñez Ibáñez Peña Castañeda Ordóñez Navarro Cruz Reyes
    Morales Castillo Romero Vargas Mendoza Herrera Medina Aguilar Rojas Flores Rivera Torres Ruiz
    Soto Zamora Cárdenas Mejía Beltrán Calderón Espinoza Guzmán Marín Salazar Quiñones
    Rosario Santana Acosta Benítez Lara De_la_Rosa Villalobos Arreola Zepeda Bermúdez
    Echeverría Cisneros Trejo Ponce Solís Carrasco Miranda Montaño Serrano Ochoa Barrios`,
    { middles: 'firsts', twoSurnames: true, nicknames: ES_NICKNAMES },
  ),
  portuguese: pool(
    `João Paulo Lucas Gabriel Rafael Thiago Vinícius Matheus Gustavo Felipe Bruno Leandro Rodrigo
    Anderson Wanderson Cléber Everton Marcelo Fábio Sérgio `,
    `Silva Santos Oliveira Souza Pereira Lima Carvalho Ferreira Almeida Costa Gomes Ribeiro Martins
    Araújo Barbosa Rocha Dias Nascimento Conceição Magalhães Falcão Freitas Moreira Cavalcanti`,
    { middles: 'firsts', twoSurnames: true },
  ),
  anglo: pool(
    `James John Michael David Chris Daniel Matthew Ryan Tyler Jake Luke Connor Liam Callum Jamie
    Lewis Nathan Aaron Marcus Andre Terrell Devin Shawn Brandon Kevin Anthony Darnell Keith Tony
    Derek Jamal Isaiah Elijah Caleb Joe Tommy Frank Lee Sam Jack Billy Craig Dean Owen Reece Ross
    Kieran Darren Demetrius Otis Errol `,
    `Johnson Williams Brown Jones Davis Miller Wilson Taylor Anderson Thomas Jackson White Harris
    Martin Thompson Robinson Clark Lewis Walker Hall Allen Young King Wright Hill Scott Green Adams
    Baker Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart
    Morris Cook Rogers Morgan Bell Cooper Hughes Price Bennett Wood Barnes Fisher Henderson Coleman
    Simmons Patterson Jordan Reynolds Hamilton Graham Wallace Foster Bryant Russell Griffin Hayes Myers
    Ford Fletcher Ashworth Kershaw Hargreaves Okafor Boateng Whitaker Stevenson Dixon Holloway`,
    { middles: 'firsts' },
  ),
  irish: pool(
    `Sean Cian Paddy Conor Eoin Darragh Liam Ciarán Niall Aidan Declan Michael Jason Dylan`,
    `Murphy Kelly O'Brien O'Connor Doyle McCarthy Gallagher Kavanagh Brennan Walsh Byrne Ryan
    O'Sullivan Fitzgerald Dunne Lynch`,
    { middles: 'firsts' },
  ),
  german: pool(
    `Lukas Felix Jonas Leon Niklas Tobias Sebastian Patrick Dennis Florian Maximilian Tim Kevin
    Marcel Dominik Vincent Jürgen Torsten`,
    `Müller Schneider Fischer Weber Becker Hoffmann Schäfer Koch Richter Wolf Krüger Braun Zimmermann
    Hartmann Lange Schmitt Krause Böhm`,
    { middles: 'firsts' },
  ),
  dutch: pool(
    `Jan Daan Sem Thijs Bram Ruben Jeroen Niels Stijn Pieter Wout Jasper`,
    `de_Vries van_Dijk Bakker Visser Jansen Meijer de_Boer Mulder Peeters Janssens Maes Claes Willems
    van_den_Berg`,
    { middles: 'firsts' },
  ),
  nordic: pool(
    `Mads Rasmus Emil Oskar Viktor Erik Magnus Anders Lars Kasper Henrik Otto`,
    `Nielsen Jensen Hansen Andersson Johansson Lindqvist Berg Olsen Eriksen Haugen Dahl`,
    { middles: 'firsts' },
  ),
  finnish: pool(
    `Eero Mikko Juho Aleksi Ville Jussi Antti Teemu Joni Lauri`,
    `Virtanen Korhonen Mäkinen Nieminen Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen`,
    { middles: 'firsts' },
  ),
  french: pool(
    `Antoine Hugo Mathieu Julien Bastien Yanis Karim Thibault Jérôme Cédric Rémi Maxime Souleymane
    Mehdi Théo Loïc`,
    `Dubois Lefèvre Moreau Girard Lambert Fontaine Bonnet Mercier Rousseau Garnier Chevalier Faure
    Diallo Traoré Benali Mbaye`,
    { middles: 'firsts' },
  ),
  italian: pool(
    `Luca Alessio Matteo Lorenzo Davide Simone Giovanni Francesco Emiliano Fabio Michele Salvatore
    Vincenzo Giuseppe`,
    `Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Galli Conti De_Luca
    Mancini Lombardi`,
    { middles: 'firsts' },
  ),
};
