"""The rulebook in Czech: titles and texts by rule id, in the words of the Czech seed
(`shared/seeds/ctyrka.cs.txt`): kámen (domino), očka, dubl, bank, přiložit, vyložit,
rameno, začínající hráč, šestkové / devítkové / dvanáctkové domino, trestné a vítězné
body; "spinner" stays as the players' word for a double that takes four tiles."""

# fmt: off
SECTION_TITLES = {
    "common": "Pravidla společná všem variantám",
    "five-up": "Five-Up (pětky)",
    "french-connection": "French Connection",
    "ctyrka": "Čtyřka",
}

SOURCES = {
    "seed": "původní pravidla",
    "ruling": "naše rozhodnutí",
    "seed/ruling": "původní pravidla, upřesněná",
    "seed + pagat": "původní pravidla a pagat.com",
    "seed + onlinedominogames": "původní pravidla a onlinedominogames.com",
    "project": "pravidlo aplikace",
}

INTRO = """\
# Dominový rozhodčí: pravidla

Toto jsou pravidla, podle kterých rozhodčí soudí. Každé pravidlo má označení, např.
`FC-LOCK`: aplikace ho uvádí u každého odmítnutí („tento kámen sem přiložit nelze“) a u
každé položky vyúčtování, aby si hráč mohl pravidlo vyhledat.

Pravidla vycházejí z původních textů tří variant (polských a českého) a z našich
rozhodnutí tam, kde texty mlčí, jsou nejasné nebo si odporují. Řádek „Zdroj“ u každého
pravidla říká, odkud pochází.

Slova: **kámen** (domino) má dvě poloviny s **očky**; první kámen kola je **zahájení**
(ve French Connection: zahajovací dubl); kameny na stole tvoří **hrací plochu** s
**rameny**, která končí **volnými konci**; **spinner** je dubl, ke kterému se přikládá
na obě delší **strany** i oba kratší **konce**; **bank** jsou kameny k braní; **strana** je
hráč nebo dvojice spoluhráčů, kteří počítají body společně.
"""

RULES = {
    # ---- Společná pravidla -------------------------------------------------------------
    "C-SEAT": ("Pořadí hráčů", """
        Hráči se zapisují v pořadí, v jakém hrají: po každém hráči hraje další v seznamu
        a po posledním opět první.

        Proč: varianty se hrají různými směry (Čtyřka „po pravici“, French Connection po
        karibsku); zápis hráčů v pořadí hry pokryje všechny.
     """),
    "C-ONE": ("Jeden kámen za tah, shodné poloviny", """
        Ve svém tahu hráč přiloží jeden kámen. Poloviny, které se dotýkají, musí mít
        stejný počet oček, např. [5|1][1|3][3|2].
     """),
    "C-SET": ("Sada kamenů", """
        Five-Up a French Connection se hrají se šestkovým dominem (28 kamenů). Čtyřka se
        hraje se šestkovým dominem pro 2–3 hráče, s devítkovým (55 kamenů) pro 4–7 hráčů
        a s dvanáctkovým (91 kamenů) pro 8–13 hráčů. Kámen, který do sady ve hře nepatří
        (např. [9|9] ve hře se šestkovým dominem), zahrát nelze.

        Proč nejvýš 13: původní text dává dvanáctkové domino „pro osm hráčů a víc“ a 13
        hráčů × 7 kamenů = 91, celá dvanáctková sada.
     """),
    "C-DOUBLE": ("Dubly leží napříč", """
        Dubl se přikládá napříč řadou. Dubl, který není spinnerem, má jednu volnou
        stranu: tu naproti kameni, ke kterému byl přiložen.
     """),
    "C-SPINNER-ORDER": ("Čtyři místa spinneru", """
        Spinner má čtyři místa: dvě strany (delší hrany) a dva konce (kratší hrany).
        Kámen přiložený „ke“ spinneru zabere první volné místo v tomto pořadí: strana,
        strana, konec, konec. Spinner, který byl přiložen k jinému kameni, má jednu stranu
        už obsazenou.

        Proč: místa spinneru jsou rovnocenná, takže k určení, kam kámen jde, stačí
        jmenovat spinner. Ve Five-Up je toto pořadí zároveň pravidlem hry (FU-SPINNER).
     """),
    "C-DOMINO": ("Domino!", """
        Kolo končí ve chvíli, kdy hráč přiloží svůj poslední kámen („Domino!“), i když
        jsou v banku ještě kameny. Žádný tah už nenásleduje.
     """),
    "C-BLOCK": ("Zablokované kolo", """
        Kolo je zablokované, když při prázdném banku (nebo ve variantě bez banku) všichni
        hráči postupně vynechali tah od posledního přiloženého kamene.

        Proč: původní texty říkají „žádný hráč už nemůže přiložit kámen“; celé kolo
        vynechaných tahů je to, jak to vidí stůl.
     """),
    "C-TIE": ("Nerozhodně na konci zápasu", """
        Když zápas dojde do konce a dvě strany jsou pro vítězství vyrovnané, hraje se
        další kolo.

        Proč: říkají to pravidla Five-Up; používáme to u všech tří variant.
     """),
    "C-RENEGE": ("Nevynechávat, když lze hrát", """
        Vynechat tah, když hráč může přiložit kámen, je ve všech třech variantách
        nedovolené.

        U skutečného stolu aplikace nevidí kameny v rukou, a tak označí vynechání jako
        nedovolené, jakmile to zápis dokáže: hráč, který vynechal, později přiloží, nebo
        na konci kola ještě drží kámen, který se ve chvíli vynechání dal přiložit. Po
        vynechání se mu do ruky nic dostat nemůže (French Connection nemá bank; ve Five-Up
        a ve Čtyřce se vynechává jen při prázdném banku), takže ten kámen držel, když
        vynechal.
     """),
    "C-UNIQUE": ("Každý kámen je jen jednou", """
        Každý kámen je v sadě jen jednou. Kámen, který už leží na stole, nelze zahrát
        znovu ani ho držet v ruce a žádný kámen nelze zapsat dvakrát.
     """),
    "C-PLACE": ("Kam lze kámen přiložit", """
        Kámen se přikládá ke kameni na stole, který má ještě volné místo: konec řady,
        stranu nebo konec spinneru, nebo volnou stranu dublu (C-DOUBLE). Varianta může
        tato místa dál omezit (FU-SPINNER, FC-CROSS, FC-LOCK).
     """),
    "C-HOLD": ("Jen kameny z ruky", """
        Hráč přikládá jen kameny, které drží. Aplikace to kontroluje, když zná všechny
        ruce: v úplném zápisu, kde je zapsáno, co kdo dostal, i každý kámen vzatý z banku.
     """),
    "C-REMAINING": ("Kameny, které zbyly na konci", """
        Kameny, které na konci kola zbyly v rukou, musí sedět: každý hráč zapíše přesně
        tolik kamenů, kolik drží, žádný ze stolu ani ze seznamu jiného hráče. Bez banku
        (French Connection) jsou seznamy dohromady přesně ty kameny, které nejsou na stole.
     """),
    "C-NAMES": ("Jména hráčů", """
        Každý hráč má jméno o délce 1 až 40 znaků, odlišné od jmen ostatních hráčů;
        jména, která se liší jen velikostí písmen („Ana“, „ana“) nebo znaky, které nejsou
        vidět (mezera nulové šířky), se považují za stejná.
        Jméno neobsahuje řídicí znaky (například konec řádku) ani znak „+“, který spojuje
        jména partnerů do jména jejich strany („Ana+Cleo“).
     """),
    # ---- Five-Up -----------------------------------------------------------------------
    "FU-PLAYERS": ("Hráči a strany", """
        2 nebo 3 hráči, každý sám za sebe, nebo 4 hráči ve dvojicích: místa 1 a 3 proti
        místům 2 a 4.
     """),
    "FU-DEAL": ("Rozdání", """
        Každý dostane 5 kamenů; zbytek tvoří bank.
     """),
    "FU-LEAD": ("Kdo začíná", """
        První kolo začíná hráč určený losem (aplikace může los provést). Po Domino!
        začíná další kolo hráč, který se kamenů zbavil; po zablokovaném kole se znovu
        losuje. Začít lze libovolným kamenem.
     """),
    "FU-SPINNER": ("Každý dubl je spinner", """
        Každý dubl je spinner. K jeho koncům (kratším hranám) lze přikládat až poté, co
        jsou obsazeny obě jeho strany.
     """),
    "FU-DRAW": ("Braní z banku", """
        Hráč, který nemůže přiložit, bere z banku kámen po kameni, dokud nevytáhne takový,
        který může přiložit, a ten hned přiloží. Dojde-li bank, vynechá tah. Vynechat
        smí jen při prázdném banku a brát jen tehdy, když nemůže hrát.
     """),
    "FU-COUNT": ("Součet konců", """
        Po každém přiložení, včetně zahájení, se sečtou očka na volných koncích:

        - kámen, který není dubl, se na volném konci počítá vnější polovinou;
        - zahájení kamenem, který není dubl, počítá obě poloviny (zahájení [4|1] je 5);
        - dubl se počítá dvojnásob ([6|6] je 12, [1|1] jsou 2), dokud je aspoň jedna jeho
          strana volná, ať zahajoval, nebo byl přiložen na rameno; jakmile jsou obě strany
          obsazené, nepočítá se vůbec, ani jeho konce;
        - konec spinneru se počítá jen přes kámen k němu přiložený.
     """),
    "FU-SCORE": ("Body během hry", """
        Když je součet po přiložení kladným násobkem 5, strana hráče získá součet ÷ 5
        bodů: součet 10 dává 2 body, 25 dává 5 bodů.
     """),
    "FU-DOMINO": ("Body za Domino!", """
        Strana, která se zbavila kamenů, získá očka, která zbyla soupeřům, ÷ 5,
        zaokrouhleno na celé číslo (zbytek 1–2 dolů, 3–4 nahoru): 21 a 22 oček dávají 4
        body, 23 a 24 oček 5 bodů. Očka spoluhráče se nepočítají.

        Při hře tří hráčů získá body i ten ze dvou zbývajících, komu zbylo méně oček:
        (očka nejhoršího hráče − jeho očka) ÷ 5, zaokrouhleno; mají-li oba stejně,
        nezíská nic. Příklad: A se zbavil kamenů, B má 5 oček, C 19: A získá 5 bodů (24
        oček), B 3 body (19 − 5 = 14 oček), C nic.
     """),
    "FU-BLOCK": ("Body za zablokované kolo", """
        Při zablokování vyhrává strana s nejmenším počtem oček (očka dvojice se sčítají)
        a jen ona získá (očka soupeřů − její očka) ÷ 5, zaokrouhleno; „očka soupeřů“ jsou
        očka všech hráčů mimo vítěznou stranu. Mají-li nejméně dvě strany: nikdo nic
        nezíská.

        Příklad: A má 10 oček, B 5, C 19. Vyhrává B a získá (10 + 19 − 5) = 24 oček, tedy
        5 bodů.

        Proč: pravidlo v původním textu mluví o „rozdílu jeho (nebo jejich) oček a oček
        soupeřů“, ale jeho příklad („B získá 3 body (19+5−10 = 14 oček)“) počítá ten
        rozdíl pro A, ne pro B. Držíme se slov pravidla. Stejně počítá i zveřejněné
        pravidlo hry Sevastopol.
     """),
    "FU-MATCH": ("Výhra zápasu", """
        Hraje se do 61 bodů, pokud se stůl nedohodne jinak. Když po kole má některá strana
        aspoň tolik, vyhrává strana s nejvíce body; při rovnosti se hraje další kolo
        (C-TIE). Kolo se vždy dohraje do konce.
     """),
    # ---- French Connection -------------------------------------------------------------
    "FC-PLAYERS": ("Hráči a rozdání", """
        Přesně 4 hráči, každý sám za sebe. Každý dostane 7 kamenů: rozdá se všech 28.
     """),
    "FC-NODRAW": ("Bez banku, bez braní", """
        Bank není a nebere se. Hráč, který nemá kámen, jenž by mohl přiložit, vynechá tah.
     """),
    "FC-POSE": ("Zahajovací dubl", """
        První kolo zahajuje hráč, který drží [0|0] („mýdlo“), a musí zahájit právě jím.
        Každé další kolo zahajuje vítěz předchozího kola libovolným dublem; nemá-li dubl,
        předá zahájení dalšímu hráči a tak dál. Po zablokovaném kole bez vítěze zahajuje
        další kolo [0|0] jeho držitel.

        Předání zahájení není vynechaný tah: do FC-THREEPASS se nikdy nepočítá.
     """),
    "FC-SPINNER": ("Spinner je jen zahajovací dubl", """
        Spinner je jen dubl, kterým se zahájilo. Každý jiný dubl je obyčejný (C-DOUBLE).
     """),
    "FC-CROSS": ("Kříž", """
        Dokud ke zahajovacímu dublu nejsou přiloženy čtyři kameny, lze kámen přiložit jen
        k němu: nejdřív se musí postavit kříž. (Když je rozdáno všech 28 kamenů a
        vynechává se jen bez možnosti hrát, kříž se dá vždy dokončit.)
     """),
    "FC-LOCK": ("Zamčená ramena", """
        Jakmile je kříž hotový, každé z jeho čtyř ramen je zamčené: na jeho konec lze
        přiložit jen dubl. Dubl přiložený na rameno ho natrvalo odemkne; od té chvíle
        přijímá každý kámen, který pasuje. Všechna ramena odemykat nemusí, hrát se tedy
        dá jedním, dvěma, třemi nebo čtyřmi směry.

        (Čtyři konce hotového kříže mají vždy čtyři různá čísla, takže každé rameno
        odemyká právě jeden dubl.)
     """),
    "FC-BLOCK": ("Zablokované kolo", """
        Po čtyřech vynechaných tazích za sebou je kolo zablokované. Vyhrává hráč s
        nejmenším počtem oček; mají-li nejméně dva, nevyhrává nikdo (viz FC-POSE).
     """),
    "FC-ALLPASS": ("Všichni vynechali: po 10 bodech", """
        Když hráč přiloží kámen, všichni tři ostatní vynechají a on pak přiloží další
        kámen, každému z těch tří se hned připíše 10 bodů.
     """),
    "FC-THREEPASS": ("Tři vynechání za sebou: 10 bodů", """
        Hráči, který vynechá tři tahy za sebou, se při třetím vynechání připíše 10 bodů a
        znovu při každém dalším třetím (6., 9.…), dokud vynechává. Přiložený kámen počítání
        vynuluje, a stejně tak nové kolo: vynechání z konce jednoho kola se nikdy
        nepřičítají k vynecháním v dalším. Počítají se i vynechání, která kolo zablokují.

        Proč: původní text říká jen „3krát za sebou“; zde je řečeno, kdy se body připíší
        a co platí, když vynechávání pokračuje.
     """),
    "FC-SETTLE": ("Vyúčtování kola", """
        Na konci kola se každému hráči kromě toho, kdo se kamenů zbavil, připíše součet
        oček, která mu zbyla v ruce (při zablokování každému hráči, i vítězi). Je-li mezi
        jeho kameny dubl, počet se zdvojnásobí, a skončilo-li kolo Domino! dublem,
        zdvojnásobí se ještě jednou (hráči s dublem v ruce tedy čtyřnásobně).

        Příklad: A se zbaví kamenů přiložením dublu; B drží [6|6][2|1] (15 oček, s dublem)
        a připíše si 15 × 4 = 60; C drží [5|3] (8 oček, bez dublu) a připíše si 8 × 2 = 16.
     """),
    "FC-SOAP": ("Zbylo jen „mýdlo“", """
        Hráči, kterému při vyúčtování zbude jen a pouze [0|0] („mýdlo“), se připíše pevně
        20 bodů, bez násobení.

        [0|0] se přesto počítá za 0 oček, takže při zablokování má tento hráč nejméně
        oček: může zablokované kolo vyhrát (FC-BLOCK) a zahájit další kolo (FC-POSE),
        i když se mu připíše 20 bodů.

        Proč: původní text pro tento případ uvádí pevných 20 bodů, takže se nenásobí.
     """),
    "FC-MATCH": ("Výhra zápasu", """
        Hrají se další kola, dokud na konci kola některý hráč nemá 100 nebo více bodů;
        vyhrává hráč s nejméně body (při rovnosti C-TIE). Desetibodové přípisy
        (FC-ALLPASS, FC-THREEPASS) se nikdy nenásobí.
     """),
    # ---- Čtyřka ------------------------------------------------------------------------
    "CT-PLAYERS": ("Hráči a rozdání", """
        2 až 13 hráčů, každý sám za sebe; sada podle C-SET. Každý hráč si vezme sedm
        domin, ostatní tvoří bank pro hru.
     """),
    "CT-LEAD": ("Kdo začíná", """
        Každé kolo začíná hráč, který má v ruce nejvyššího dubla, a vyloží právě jej.
        Nemá-li nikdo dubla, kameny se zamíchají a rozdají znovu (toto rozdání se
        nezapisuje; úplný zápis, v jehož rozdání není žádný dubl, je nedovolený od
        prvního tahu).

        Aplikace rozdání nevidí, a tak, stejně jako u C-RENEGE, označí zahájení za chybné,
        jakmile to zápis dokáže: hráč, který si nevzal z banku žádný kámen, jenž zápis
        nejmenuje, později přiloží, nebo na konci kola drží, dubla vyššího, než kterým
        se začínalo (a který není mezi kameny, jež si podle zápisu vzal z banku). Měl ho
        od rozdání, takže zahájení porušilo CT-LEAD: stůl označení ukáže a kontrola
        zápisu jej uzná za nedovolený od zahájení (tah 1).

        Proč: původní text neříká, co dělat, když nikdo nemá dubla.
     """),
    "CT-SPINNER": ("Zahajovací dubl je spinner", """
        Dubl, kterým se začalo, je spinner: jeho čtyři místa (C-SPINNER-ORDER) přijímají
        kameny v libovolném pořadí, od prvního kamene po zahájení. K dublu je nutné
        přiložit jen úplně první kámen; ostatní lze přikládat i k ramenům. Jiné dubly
        jsou obyčejné.

        Příklad: Je vyložen dubl 6/6, k němu je přiložen kámen 6/5. Další hráč může
        přiložit kámen 5/3 ke kameni 6/5, nebo kámen 6/4 k dublu.
     """),
    "CT-DRAW": ("Braní z banku", """
        Nemůže-li hráč přiložit domino, bere si jedno domino z banku a jeho tah končí;
        toto domino smí vyložit nejdříve v následujícím tahu. Při prázdném banku tah
        vynechá. Vynechat smí jen při prázdném banku.
     """),
    "CT-END": ("Konec kola", """
        Domino! ukončí kolo, i když jsou v banku ještě kameny. Ukončí ho i zablokování
        (C-BLOCK); vyhrává hráč s nejmenším počtem oček (při rovnosti nikdo).

        Proč: původní text jmenuje jen Domino!; kolo, ve kterém už nikdo nemůže hrát,
        musí také skončit.
     """),
    "CT-PENALTY": ("Trestné body (výchozí)", """
        Když se hráč zbaví všech kamenů, ostatní si zapíšou počet oček na kamenech, které
        jim zbyly v ruce, jako trestné body. Při zablokování si je zapíše každý kromě
        vítěze (při rovnosti všichni). Zápas končí, když má na konci kola někdo 100 nebo
        více trestných bodů; vyhrává ten, kdo jich má nejméně.
     """),
    "CT-VICTORY": ("Vítězné body (volitelně)", """
        Hráč, který se zbaví všech kamenů, si zapíše součet oček na kamenech soupeřů jako
        své vítězné body. Při zablokování si vítěz zapíše tento součet minus svá očka (při
        rovnosti nikdo). Zápas končí, když má na konci kola někdo 300 nebo více bodů;
        vyhrává ten, kdo jich má nejvíce.

        Proč: původní text říká jen, jak počítat Domino!, ne zablokování.
     """),
}
# fmt: on
