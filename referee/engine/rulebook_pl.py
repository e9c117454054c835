"""The rulebook in Polish: titles and texts by rule id, in the words of the Polish seeds
(`shared/seeds/five-up.pl.txt`, `french-connection.pl.txt`): kamień, oczka, dublet,
talon, ramię, końcówka, spinner, „przez domino!”, blokada, „na punkty”, rozdanie,
rozliczenie, „mydło”, krzyż, odblokować."""

# fmt: off
SECTION_TITLES = {
    "common": "Zasady wspólne dla wszystkich odmian",
    "five-up": "Five-Up (piątki)",
    "french-connection": "French Connection",
    "ctyrka": "Čtyřka (czwórka)",
}

SOURCES = {
    "seed": "tekst źródłowy",
    "ruling": "nasze rozstrzygnięcie",
    "seed/ruling": "tekst źródłowy, doprecyzowany",
    "seed + pagat": "tekst źródłowy i pagat.com",
    "seed + onlinedominogames": "tekst źródłowy i onlinedominogames.com",
    "project": "reguła aplikacji",
}

INTRO = """\
# Sędzia domina: zasady

Oto zasady, które stosuje sędzia. Każda zasada ma identyfikator, np. `FC-LOCK`: aplikacja
podaje go przy każdej odmowie („tego kamienia nie można tu dołożyć”) i przy każdej pozycji
rozliczenia, żeby gracz mógł zajrzeć do zasady.

Zasady pochodzą z tekstów źródłowych trzech odmian (polskich i czeskiego) oraz z naszych
rozstrzygnięć tam, gdzie teksty milczą, są niejasne albo sobie przeczą. Wiersz „Źródło”
przy każdej zasadzie mówi, skąd pochodzi.

Słowa: **kamień** ma dwie połówki z **oczkami**; pierwszy kamień rozdania to **otwarcie**
(w French Connection: dublet otwierający); kamienie na stole tworzą **układ**, z
**ramionami** zakończonymi **końcówkami**; **spinner** to dublet, do którego można
dokładać kamienie do obu dłuższych **boków** i obu krótszych **końców**; **talon** to
kamienie do dobierania; **strona** to gracz albo para partnerów, którzy liczą punkty razem.
"""

RULES = {
    # ---- Zasady wspólne ----------------------------------------------------------------
    "C-SEAT": ("Kolejność graczy", """
        Graczy wpisuje się w kolejności, w jakiej grają: po każdym graczu gra następny z
        listy, a po ostatnim znowu pierwszy.

        Dlaczego: odmiany grają w różnych kierunkach (Čtyřka „na prawo”, French Connection
        po karaibsku); wpisanie graczy w kolejności gry obejmuje je wszystkie.
     """),
    "C-ONE": ("Jeden kamień w kolejce, zgodne połówki", """
        W swojej kolejce gracz dokłada jeden kamień. Liczba oczek stykających się połówek
        kamieni musi być identyczna, np. [5|1][1|3][3|2].
     """),
    "C-SET": ("Komplet kamieni", """
        Five-Up i French Connection to komplet do szóstek (28 kamieni). Čtyřka to komplet
        do szóstek dla 2–3 graczy, do dziewiątek (55 kamieni) dla 4–7 graczy i do
        dwunastek (91 kamieni) dla 8–13 graczy. Kamienia spoza kompletu w grze (np. [9|9]
        w grze do szóstek) nie można zagrać.

        Dlaczego najwyżej 13: czeski tekst daje komplet do dwunastek „dla ośmiu graczy i
        więcej”, a 13 graczy × 7 kamieni = 91, cały komplet do dwunastek.
     """),
    "C-DOUBLE": ("Dublety dokłada się prostopadle", """
        Dublet dokłada się prostopadle do łańcucha. Dublet, który nie jest spinnerem, ma
        jeden wolny bok: ten naprzeciw kamienia, do którego go dołożono.
     """),
    "C-SPINNER-ORDER": ("Cztery miejsca spinnera", """
        Spinner ma cztery miejsca: dwa boki (dłuższe krawędzie) i dwa końce (krótsze
        krawędzie). Kamień dołożony „do” spinnera zajmuje pierwsze wolne miejsce w tej
        kolejności: bok, bok, koniec, koniec. Spinner dołożony do innego kamienia ma już
        jeden bok zajęty.

        Dlaczego: miejsca spinnera są równoważne, więc wystarczy wskazać spinner, by
        powiedzieć, gdzie idzie kamień. W Five-Up ta kolejność jest też zasadą gry
        (FU-SPINNER).
     """),
    "C-DOMINO": ("Domino!", """
        Rozdanie kończy się w chwili, gdy gracz wyłoży swój ostatni kamień („przez
        domino!”), nawet jeśli w talonie są jeszcze kamienie. Po nim nie ma już ruchu.
     """),
    "C-BLOCK": ("Blokada", """
        Rozdanie jest zablokowane, gdy przy pustym talonie (albo w odmianie bez talonu)
        wszyscy gracze kolejno spasowali od ostatniego dołożonego kamienia.

        Dlaczego: teksty mówią „żaden z graczy nie może już zgrać kamienia na stół”; pełna
        runda pasów to sposób, w jaki widzi to stół.
     """),
    "C-TIE": ("Remis na końcu meczu", """
        Gdy mecz dochodzi do końca, a dwie strony mają tyle samo punktów do zwycięstwa,
        gra się kolejne rozdanie.

        Dlaczego: tak mówi tekst Five-Up; stosujemy to do wszystkich trzech odmian.
     """),
    "C-RENEGE": ("Nie wolno pasować, mając ruch", """
        Pasowanie, gdy można zgrać kamień, jest niedozwolone we wszystkich trzech
        odmianach.

        Przy prawdziwym stole aplikacja nie widzi kamieni w rękach, więc oznacza pas
        jako niedozwolony, gdy tylko zapis to udowodni: pasujący gracz później dokłada
        albo ma w ręku na koniec rozdania kamień, który pasował w chwili pasu. Po pasie
        nic nie może trafić do jego ręki (French Connection nie ma talonu; w Five-Up i
        Čtyřce pasuje się tylko przy pustym talonie), więc miał ten kamień, gdy pasował.
     """),
    "C-UNIQUE": ("Każdy kamień jest jeden", """
        Każdy kamień występuje w komplecie raz. Kamienia, który leży już na stole, nie
        można zagrać drugi raz ani mieć w ręku, i żaden kamień nie może być wpisany dwa
        razy.
     """),
    "C-PLACE": ("Gdzie można dołożyć kamień", """
        Kamień dokłada się do kamienia leżącego na stole, który ma jeszcze wolne miejsce:
        końcówkę łańcucha, bok lub koniec spinnera albo wolny bok dubletu (C-DOUBLE).
        Odmiana może te miejsca dalej ograniczać (FU-SPINNER, FC-CROSS, FC-LOCK).
     """),
    "C-HOLD": ("Tylko kamienie z ręki", """
        Gracz dokłada tylko kamienie, które ma w ręku. Aplikacja sprawdza to, gdy zna
        wszystkie ręce: w pełnym zapisie, w którym zapisano rozdanie każdego gracza i
        każdy dobrany kamień.
     """),
    "C-REMAINING": ("Kamienie pozostałe na koniec", """
        Kamienie pozostałe w rękach na koniec rozdania muszą się zgadzać: każdy gracz
        wpisuje dokładnie tyle kamieni, ile ma w ręku, żadnego ze stołu ani z listy
        innego gracza. Bez talonu (French Connection) listy razem to dokładnie kamienie,
        których nie ma na stole.
     """),
    "C-NAMES": ("Imiona graczy", """
        Każdy gracz ma imię o długości od 1 do 40 znaków, inne niż imiona pozostałych
        graczy; imiona różniące się tylko wielkością liter („Ana”, „ana”) albo znakami,
        których nie widać (spacja o zerowej szerokości), uznaje się za takie same. Imię
        nie zawiera znaków sterujących (takich jak koniec wiersza) ani znaku „+”, który
        łączy imiona partnerów w nazwę ich strony („Ana+Cleo”).
     """),
    # ---- Five-Up -----------------------------------------------------------------------
    "FU-PLAYERS": ("Gracze i strony", """
        2 lub 3 graczy, każdy dla siebie, albo 4 graczy grających parami (2×2): miejsca 1
        i 3 przeciw miejscom 2 i 4.
     """),
    "FU-DEAL": ("Rozdanie", """
        Po 5 kamieni; reszta to talon.
     """),
    "FU-LEAD": ("Kto otwiera", """
        Pierwszą partię zaczyna gracz wybrany przez losowanie (aplikacja może
        przeprowadzić losowanie). Gdy gracz wygra „przez domino!”, rozpoczyna kolejne
        rozdanie; po blokadzie znowu losowanie. Otwierający wychodzi dowolnym kamieniem.
     """),
    "FU-SPINNER": ("Każdy dublet jest spinnerem", """
        Każdy dublet jest spinnerem. Do jego końców (krótszych boków) można dokładać
        dopiero wtedy, gdy oba dłuższe boki są zajęte.
     """),
    "FU-DRAW": ("Dobieranie", """
        Gracz, który nie ma kamienia do zgrania, dobiera z talonu kamień po kamieniu, aż
        wyciągnie taki, który może od razu zgrać, i wtedy go zgrywa. Gdy talon się
        skończy, pasuje. Pasować można tylko przy pustym talonie, a dobierać tylko wtedy,
        gdy nie ma się ruchu.
     """),
    "FU-COUNT": ("Liczenie oczek", """
        Po każdym dołożeniu kamienia, łącznie z otwarciem, liczy się sumę oczek na
        końcówkach wszystkich ramion układu:

        - kamień, który nie jest dubletem, na końcówce liczy się zewnętrzną połówką;
        - otwarcie kamieniem, który nie jest dubletem, liczy obie połówki (otwarcie [4|1]
          to 5 oczek);
        - dublet liczy się podwójnie ([6|6] to 12 oczek, [1|1] to 2 oczka), dopóki
          przynajmniej jeden jego dłuższy bok jest wolny, czy to przy otwarciu, czy na
          ramieniu; gdy oba dłuższe boki są zajęte, przestaje się liczyć, razem z końcami;
        - koniec spinnera liczy się tylko przez dołożony do niego kamień.
     """),
    "FU-SCORE": ("Punkty w trakcie partii", """
        Gdy po dołożeniu kamienia suma oczek jest dodatnią wielokrotnością 5, strona
        gracza zdobywa tyle punktów, ile jest w niej „piątek”: 10 oczek to 2 punkty, 25
        oczek to 5 punktów.
     """),
    "FU-DOMINO": ("Premia za „domino!”", """
        Strona, która wygrała „przez domino!”, zdobywa sumę oczek z kamieni pozostałych
        w rękach przeciwników podzieloną przez 5 i zaokrągloną do liczby całkowitej
        (reszta 1–2 w dół, 3–4 w górę): 21 i 22 oczka dają 4 punkty, 23 i 24 oczka 5
        punktów. Oczka partnera się nie liczą.

        Przy grze w 3 osoby punkty zdobywa też ten z dwóch pozostałych graczy, któremu
        zostało mniej oczek: różnicę jego oczek i oczek najgorszego gracza podzieloną
        przez 5 i zaokrągloną; gdy obaj mają tyle samo, nie zdobywa nic. Przykład: A
        wygrał „przez domino!”, B ma 5 oczek, C 19: A otrzymuje 5 punktów (24 oczka), B 3
        punkty (19 − 5 = 14 oczek), C nic.
     """),
    "FU-BLOCK": ("Punkty przy blokadzie", """
        Przy blokadzie wygrywa „na punkty” strona, której zostało najmniej oczek (oczka
        pary się sumuje), i tylko ona zdobywa (oczka przeciwników − jej oczka) ÷ 5,
        zaokrąglone; „oczka przeciwników” to suma oczek wszystkich graczy spoza
        zwycięskiej strony. Gdy najmniej oczek mają dwie strony: nikt nie zdobywa punktów.

        Przykład: A ma 10 oczek, B 5, C 19. Wygrywa B i zdobywa (10 + 19 − 5) = 24 oczka,
        czyli 5 punktów.

        Dlaczego: zasada w tekście mówi o „różnicy jego (lub ich) oczek i oczek
        przeciwników”, ale przykład („gracz B otrzymuje 3 punkty (19+5-10=14 oczek)”)
        liczy tę różnicę dla A zamiast B. Trzymamy się słów zasady. Tak samo liczy
        opublikowana zasada Sewastopola.
     """),
    "FU-MATCH": ("Wygrana meczu", """
        Gra się do 61 punktów, chyba że gracze ustalą inaczej. Gdy po rozdaniu któraś
        strona ma co najmniej tyle punktów, wygrywa strona, która ma więcej punktów; przy
        remisie gra się kolejne rozdanie (C-TIE). Ostatnie rozdanie gra się do końca.
     """),
    # ---- French Connection -------------------------------------------------------------
    "FC-PLAYERS": ("Gracze i rozdanie", """
        Dokładnie 4 graczy, każdy dla siebie. Po 7 kamieni: rozdaje się wszystkie 28.
     """),
    "FC-NODRAW": ("Bez talonu, bez dobierania", """
        Nie ma talonu ani dobierania. Gracz, który nie ma kamienia do zgrania, pasuje
        (opuszcza kolejkę).
     """),
    "FC-POSE": ("Dublet otwierający", """
        Pierwsze rozdanie zaczyna gracz mający [0|0] („podwójne mydło”) i musi nim
        otworzyć. Kolejne rozdanie zaczyna gracz, który wygrał poprzednie, dowolnym
        dubletem; jeżeli nie ma dubletu, otwarcie przechodzi na kolejnego gracza i tak
        dalej. Po blokadzie bez zwycięzcy kolejne rozdanie otwiera [0|0] jego posiadacz.

        Przekazanie otwarcia nie jest pasem w grze: nigdy nie liczy się do FC-THREEPASS.
     """),
    "FC-SPINNER": ("Spinnerem jest tylko dublet otwierający", """
        Tylko dublet wyłożony przez otwierającego jest spinnerem. Każdy inny dublet jest
        zwykły (C-DOUBLE).
     """),
    "FC-CROSS": ("Krzyż", """
        Dopóki do dubletu otwierającego nie dołożono czterech kamieni, kamień można
        dołożyć tylko do niego: najpierw trzeba uformować krzyż. (Gdy rozdano wszystkie 28
        kamieni, a pasuje się tylko bez ruchu, krzyż zawsze da się ułożyć.)
     """),
    "FC-LOCK": ("Zablokowane ramiona", """
        Gdy krzyż jest gotowy, każde z czterech ramion jest zablokowane: na jego końcówkę
        można dołożyć tylko dublet. Dublet dołożony do ramienia „odblokowuje” je na dobre;
        od tej chwili przyjmuje każdy pasujący kamień. Nie trzeba odblokować wszystkich
        ramion, więc można grać w jednym, dwóch, trzech lub czterech kierunkach.

        (Cztery końcówki gotowego krzyża zawsze pokazują cztery różne liczby, więc każde
        ramię odblokowuje dokładnie jeden dublet.)
     """),
    "FC-BLOCK": ("Blokada", """
        Po czterech kolejnych pasach rozdanie jest zablokowane. Wygrywa „na punkty” gracz,
        któremu zostało najmniej oczek; gdy najmniej mają dwaj gracze, nikt nie wygrywa
        (zob. FC-POSE).
     """),
    "FC-ALLPASS": ("Wszyscy spasowali: po 10 punktów", """
        Gdy po zgraniu kamienia wszyscy trzej pozostali gracze spasują, a gracz zagra
        kolejny kamień, każdy z jego przeciwników od razu dopisuje do swojego konta 10
        punktów.
     """),
    "FC-THREEPASS": ("Trzy pasy z rzędu: 10 punktów", """
        Gracz, który spasuje trzy razy z rzędu, dopisuje do swojego konta 10 punktów przy
        trzecim pasie i znowu przy każdym kolejnym trzecim (szóstym, dziewiątym…), dopóki
        pasuje. Zgranie kamienia zeruje licznik, tak samo jak nowe rozdanie: pasy z końca
        jednego rozdania nigdy nie dodają się do pasów w następnym. Liczą się też pasy,
        które kończą rozdanie blokadą.

        Dlaczego: tekst mówi tylko „3 razy z rzędu”; tu ustalamy, kiedy dopisuje się
        punkty i co dzieje się przy dalszych pasach.
     """),
    "FC-SETTLE": ("Rozliczenie rozdania", """
        Na koniec rozdania każdy gracz oprócz tego, który wygrał „przez domino!”,
        dopisuje do swojego konta sumę oczek z kamieni pozostałych w jego ręku (przy
        blokadzie każdy gracz, także zwycięzca). Jeżeli wśród jego kamieni jest dublet,
        liczba punktów się podwaja, a jeżeli rozdanie zakończyło się „przez domino!”
        dubletem, podwaja się jeszcze raz (czyli poczwórnie dla gracza z dubletem w ręku).

        Przykład: A kończy „przez domino!”, kładąc dublet; B ma [6|6][2|1] (15 oczek, z
        dubletem) i dopisuje 15 × 4 = 60; C ma [5|3] (8 oczek, bez dubletu) i dopisuje
        8 × 2 = 16.
     """),
    "FC-SOAP": ("Zostało „podwójne mydło”", """
        Gracz, któremu podczas rozliczenia zostaje tylko i wyłącznie [0|0] („podwójne
        mydło”), dopisuje do swojego konta 20 punktów, bez mnożenia.

        [0|0] liczy się jednak jako 0 oczek, więc przy blokadzie ten gracz ma najmniej
        oczek: może wygrać blokadę (FC-BLOCK) i otworzyć następne rozdanie (FC-POSE),
        choć dopisuje do swojego konta 20 punktów.

        Dlaczego: tekst podaje stałe 20 punktów na ten przypadek, więc się ich nie podwaja.
     """),
    "FC-MATCH": ("Wygrana meczu", """
        Gra się kolejne rozdania do momentu, aż na koniec rozdania któryś gracz zgromadzi
        100 lub więcej punktów; wygrywa gracz, który ma najmniej punktów (przy remisie
        C-TIE). Kar po 10 punktów (FC-ALLPASS, FC-THREEPASS) nigdy się nie mnoży.
     """),
    # ---- Čtyřka ------------------------------------------------------------------------
    "CT-PLAYERS": ("Gracze i rozdanie", """
        Od 2 do 13 graczy, każdy dla siebie; komplet według C-SET. Po 7 kamieni; reszta
        to bank (talon).
     """),
    "CT-LEAD": ("Kto otwiera", """
        Każde rozdanie otwiera gracz, który ma najwyższy dublet, i wykłada właśnie ten
        dublet. Jeżeli nikt nie ma dubletu, kamienie tasuje się i rozdaje od nowa (tego
        rozdania się nie zapisuje; pełny zapis, w którego rozdaniu nie ma dubletu, jest
        niedozwolony od pierwszego ruchu).

        Aplikacja nie widzi rozdania, więc, tak jak przy C-RENEGE, oznacza otwarcie jako
        błędne, gdy tylko zapis to udowodni: gracz, który nie dobrał żadnego kamienia
        nienazwanego w zapisie, później dokłada albo ma w ręku na koniec rozdania dublet
        wyższy niż otwarcie (i nie ma go wśród kamieni, które według zapisu dobrał). Miał
        go od rozdania, więc otwarcie łamało CT-LEAD: stół pokazuje to oznaczenie, a
        sprawdzenie zapisu uznaje go za niedozwolony od otwarcia (ruch 1).

        Dlaczego: czeski tekst nie mówi, co zrobić, gdy nikt nie ma dubletu.
     """),
    "CT-SPINNER": ("Dublet otwierający jest spinnerem", """
        Dublet otwierający jest spinnerem, którego cztery miejsca (C-SPINNER-ORDER)
        przyjmują kamienie w dowolnej kolejności, od pierwszego kamienia po otwarciu; nie
        trzeba najpierw zapełniać dubletu. Inne dublety są zwykłe.

        Przykład: otwarcie [6|6], dołożono do niego [6|5]. Następny gracz może dołożyć
        [5|3] do [6|5] albo [6|4] do dubletu.
     """),
    "CT-DRAW": ("Dobieranie", """
        Gracz, który nie może dołożyć kamienia, bierze jeden kamień z banku i jego
        kolejka się kończy; ten kamień może wyłożyć najwcześniej w swojej następnej
        kolejce. Przy pustym banku pasuje. Pasować można tylko przy pustym banku.
     """),
    "CT-END": ("Koniec rozdania", """
        „Domino!” kończy rozdanie, nawet gdy w banku są jeszcze kamienie. Kończy je też
        blokada (C-BLOCK), a wygrywa ten, komu zostało najmniej oczek (przy remisie nikt).

        Dlaczego: czeski tekst mówi tylko o „domino!”; rozdanie, w którym nikt nie może
        dołożyć kamienia, też musi się skończyć.
     """),
    "CT-PENALTY": ("Punkty karne (domyślnie)", """
        Gdy gracz pozbędzie się wszystkich kamieni, każdy inny gracz zapisuje sobie oczka
        pozostałe w ręku jako punkty karne. Przy blokadzie zapisuje je każdy oprócz
        zwycięzcy (przy remisie wszyscy). Mecz kończy się, gdy na koniec rozdania ktoś ma
        100 lub więcej punktów; wygrywa ten, kto ma najmniej.
     """),
    "CT-VICTORY": ("Punkty zwycięskie (do wyboru)", """
        Gracz, który pozbędzie się wszystkich kamieni, zapisuje sobie sumę oczek
        pozostałych w rękach przeciwników. Przy blokadzie zwycięzca zapisuje tę sumę minus
        swoje oczka (przy remisie nikt). Mecz kończy się, gdy na koniec rozdania ktoś ma
        300 lub więcej punktów; wygrywa ten, kto ma najwięcej.

        Dlaczego: czeski tekst mówi tylko, jak liczyć „domino!”, a nie blokadę.
     """),
}
# fmt: on
