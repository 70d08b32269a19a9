// Fictional-name pools of Eastern Europe, the Caucasus, Central Asia, Africa and Asia.
import { pool } from './pool.ts';

export const EAST_POOLS = {
  ukrainian: pool(
    `Oleksandr Vasyl Andriy Dmytro Serhiy Yuriy Taras Bohdan Denys Viktor Maksym Oleh Vyacheslav`,
    `Kovalenko Shevchenko Bondarenko Tkachenko Kravchenko Melnyk Lysenko Boyko Marchenko Rudenko
    Savchenko Moroz Polishchuk`,
    { middles: `Oleksandrovych Mykolayovych Petrovych Andriyovych Vasylyovych Yuriyovych Ivanovych` },
  ),
  russian: pool(
    `Aleksandr Dmitry Sergey Alexei Ivan Nikolai Artur Maxim Pavel Roman Igor Mikhail Vladimir Anton
    Yegor Kirill Artem Ruslan Denis Evgeny Vitali Andrei Gleb`,
    `Petrov Ivanov Smirnov Volkov Sokolov Morozov Kozlov Novikov Orlov Belov Zaitsev Pavlov
    Semenov Golubev Vinogradov Bogdanov Kuznetsov Fedorov Gusev Titov`,
    {
      middles: `Aleksandrovich Sergeyevich Vladimirovich Nikolaevich Ivanovich Viktorovich Olegovich
      Mikhailovich Andreyevich`,
    },
  ),
  polish: pool(
    `Krzysztof Tomasz Mateusz Kamil Łukasz Paweł Michał Piotr Adam Jakub Artur Mariusz`,
    `Nowak Kowalski Wiśniewski Wójcik Kamiński Lewandowski Zieliński Szymański Dudek
    `,
    { middles: 'firsts' },
  ),
  czech: pool(
    `Tomáš Jiří Ondřej Lukáš Jan Petr Martin Jakub`,
    `Novák Svoboda Dvořák Černý Procházka Kučera Veselý Horák`,
    { middles: 'firsts' },
  ),
  hungarian: pool(
    `Bence Dávid Ádám Zoltán Gergő Balázs Norbert István`,
    `Nagy Kovács Tóth Szabó Horváth Varga Kiss Molnár`,
    { middles: 'firsts' },
  ),
  romanian: pool(
    `Florin Andrei Bogdan Cristian Ionuț Adrian Mihai `,
    `Popescu Ionescu Dumitru Stoica Constantin Munteanu Neagu`,
    { middles: 'firsts' },
  ),
  bulgarian: pool(
    `Georgi Stefan Ivan Dimitar Tervel Nikolay Boyan`,
    `Petrov Dimitrov Georgiev Stoyanov Todorov Kolev Iliev`,
    { middles: 'firsts' },
  ),
  balkan: pool(
    `Luka Marko Filip Nikola Dragan Milan Ante Mateo Stefan Ivan`,
    `Horvat Kovačević Babić Marić Jović Nikolić Petrović Marković Đorđević `,
    { middles: 'firsts' },
  ),
  turkish: pool(
    `Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim Murat Emre Burak Serkan Kerem Oğuz Yusuf Selçuk`,
    `Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin`,
    { middles: 'firsts' },
  ),
  georgian: pool(
    `Giorgi Levan David Irakli Lasha Zurab Nika Tornike Avtandil Vakhtang`,
    `Beridze Kvaratskhelia Lomidze Gelashvili Maisuradze Tsiklauri Kapanadze Jikia Nadiradze Chkhaidze`,
    { middles: 'firsts' },
  ),
  armenian: pool(
    `Arman Artur Vahagn Hovhannes Narek Gevorg Tigran Aram Davit Karen`,
    `Grigoryan Harutyunyan Sargsyan Petrosyan Hovhannisyan Avetisyan Vardanyan Mkrtchyan Ghazaryan`,
    { middles: 'firsts' },
  ),
  uzbek: pool(
    `Rustam Jamshid Sardor Bekzod Dilshod Farrukh Otabek Sherzod Jasurbek Murodjon`,
    `Karimov Yusupov Abdurakhmonov Nazarov Ergashev Sobirov Khodjaev Rasulov Umarov Saidov Mirzaev Akhmedov`,
    { middles: 'firsts' },
  ),
  kazakh: pool(
    `Yerlan Nurlan Abay Daulet Azamat Aidos Ruslan Bauyrzhan Timur Arman`,
    `Akhmetov Nurlanov Serikbayev Zhumabekov Omarov Bekov Tulegenov Kassymov Ospanov Abenov`,
    { middles: 'firsts' },
  ),
  azerbaijani: pool(
    `Tural Elvin Ilkin Ramil Anar Rufat `,
    `Mammadov Aliyev Huseynov Guliyev Hasanov Ismayilov Abdullayev `,
    { middles: 'firsts' },
  ),
  ghanaian: pool(
    `Kwame Kofi Emmanuel Samuel Richard Isaac Joseph Francis Ebenezer Abraham`,
    `Mensah Boateng Asante Owusu Addo Quaye Tetteh Appiah Darko Amoah Frimpong Osei `,
    { middles: 'firsts' },
  ),
  nigerian: pool(
    `Chukwuemeka Oluwaseun Tunde Chidi Ifeanyi Babatunde Olusegun Tobi Efe Daniel`,
    `Okafor Okonkwo Adeyemi Oladipo Eze Nwosu Balogun Ogunleye Ajayi Adebayo`,
    { middles: 'firsts' },
  ),
  francophone: pool(
    `Jean-Pierre Patrice Cédric Serge Yannick Junior Christian Martin`,
    `Nkoulou Mbeki Kabila Tshibanda Mutombo Kalonji`,
    { middles: 'firsts' },
  ),
  eastAfrican: pool(
    `Moses Peter Collins Julius Harry Paulus Lukas Brian Daniel`,
    `Kiprop Otieno Wanjiru Kamau Ochieng Shikongo Nangolo Amutenya Nambala`,
    { middles: 'firsts' },
  ),
  southAfrican: pool(
    `Sipho Thabo Mandla Kevin Thulani Siphesihle Ruan`,
    `Dlamini Nkosi Mokoena Ndlovu Khumalo Zungu Mchunu Botha van_der_Merwe`,
    { middles: 'firsts' },
  ),
  filipino: pool(
    `Mark John Jerome Romeo Marlon Jonas Ronnie Rey Vic Dave Christian Carl Jessie Arnel Melvin Pedro
    Reymart Jonathan Ramel Albert Dexter Jayson Kevin Ariel`,
    `Santos Dela_Cruz Villanueva Bautista Magbanua Cabanero Tabal Gabuco Villamor Arboleda Lacaba Mendoza
    Sarmiento Payla Taconing Gallardo Dalisay Manalo Aquino Castillo Dizon Macaraeg Pangilinan Soriano
    Tolentino Dimaculangan`,
    { middles: `Santos Reyes Garcia Bautista Lopez Mercado Cruz Ramos` },
  ),
  japanese: pool(
    `Hiroto Ryota Yoshiki Daigo Kazuto Shingo Tatsuya Yuki Masayuki Hayato
    Ryusei Kenta Daiki Takeshi Haruki Kenichi Shuichi Riku `,
    `Inoue Tanaka Yamamoto Nakamura Kobayashi Kato Yoshida Yamada Sasaki Matsumoto Ito Kimura Hayashi
    Shimizu Morita Ikeda Hashimoto Ishida Ogawa Fujita Okada
    Arimura Sakamoto Nishida`,
  ),
  korean: pool(
    `Min-jun Seo-jun Do-yun Ji-ho Hyun-woo Jae-won Sung-min Dong-hyun Tae-yang Jin-woo`,
    `Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Han Shin`,
  ),
  chinese: pool(
    `Wei Lei Jun Hao Yang Feng Qiang Bin Long Peng Zhiwei Xiaolong Tianyu Haoran`,
    `Wang Li Zhang Liu Chen Yang Zhao Huang Zhou Wu Xu Sun Ma Zhu Hu Guo`,
  ),
  thai: pool(
    `Somchai Anucha Kittipong Thanawat Wisanu Prasert Chaiyot Nattapong Sakda Yodsanan Panya Thammanoon
    Apichet Rungroj`,
    `Wongsawat Srisombat Chaiyaphum Kaewkla Boonmee Saengthong Phromphan Thongdee Rattanaporn
    Sukprasert Yodmanee Petchsri`,
    {
      ringNames: `Sor_Kittichai Por_Chokchai Kiatpetch Sithsaithong Sor_Rungroj Tor_Buamas
      Sor_Singthong Por_Lamsing Chor_Sakulrat`,
    },
  ),
  indian: pool(
    `Amit Gaurav Vikas Sumit Rohit Arjun Karan Deepak Sandeep`,
    `Singh Kumar Sharma Yadav Chauhan Rana Thakur Malik Dahiya Solanki Tomar`,
    { middles: 'firsts' },
  ),
};
