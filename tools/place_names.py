"""Names for GeoNames' places: the one pinmap shows, the one in the
country's own script, the ones for readers of other scripts, and those a
search should find. Shared by tools/build_gazetteer.py and
tools/world_places.py, so the map and the search name places alike.

GeoNames' cities1000 (../shared/data/geonames/cities1000-full.tsv) gives a
place's name, mostly as written locally in Latin letters (Zürich, São Paulo,
Kraków) but in English for some large cities (Munich, Moscow, Tokyo), and
its alternate names in many scripts, without saying which language each is.
The rules:

- Shown name (name:latin): GeoNames' name; in the German-speaking countries
  for the English name of a city of 100,000 or more, the alternate with
  umlauts or ß is taken when its spelled-out form (ü as ue) and its bare
  form are listed too, it differs from the English name by two letters or
  more, and at least three spellings are built on it (Munich -> München,
  Cologne -> Köln, Nuremberg -> Nürnberg; Hamburg stays Hamburg).
- GeoNames' own slips: a name no alternate spells, one letter from an
  alternate that is also listed as a city ("X City"), is a typo for it (Edogawe:
  Edogawa, as "Edogawa City" is listed too): only its last letter differs, and only one alternate fits. In Switzerland's French- and
  Italian-speaking cantons, a German name GeoNames gives (Sitten) yields to
  the town's official name (Sion) when GeoNames lists it. Either way the
  English name (name:en) is that name too.
- Local name (name:nonlatin): for countries written in another script, the
  alternate wholly in that script (Han or Kana for JP, Hangul for KR, Han
  for CN and TW, Cyrillic for RU, UA, BY, BG, RS, KZ, MN..., Arabic for the
  Arab countries, IR, AF and PK, Hebrew for IL, Greek for GR and CY, Thai,
  Lao, Khmer, Burmese, Georgian, Armenian, Ethiopic, Sinhala, Tibetan for
  BT, Bengali for BD, Devanagari for NP, and for India the script of the
  state: Tamil in Tamil Nadu, Bengali in West Bengal, Devanagari in the
  Hindi-speaking states...). Japanese places take a name with kanji when there is one (横浜, not
  よこはま); a kanji name found only inside another (原 in 市原市) is a fragment,
  not a name, and so is one at its start that is not the other without its
  市 (四日 in 四日市市; 津 in 津市 is whole); a city's name loses the 市 ("city")
  its official form ends in (市原市: 市原, 四日市市: 四日市), unless its reading
  ends in "ichi" and only one 市 is there (四日市, Yokkaichi, where 市 is part
  of the name). Han names must be writable in the country's
  character set (Shift-JIS for JP, GB2312 for CN, Big5 for TW, HK, MO), so
  東京 is chosen and 东京 is not; Arabic names in Arab countries must not use
  Persian letters, and take the article (القاهرة) when one does. Among
  several, the usual form wins: the one the other spellings in that script
  differ from least (Москва among Масква, Мәскәү), then the shortest.
- Names for other readers (name:ja, ko, zh, ru, ar, he, el, th, hi): chosen
  the same way by the language's script (Katakana first for Japanese, as
  Japanese writes foreign places). Languages written in Latin letters cannot
  be told apart in GeoNames' list: they read the shown name.

Limits: GeoNames' alternates carry no language tags, so these are guesses by
script; a city with two local forms in one script (Belarusian and Russian
Cyrillic) may get the less usual one, and exonyms such as Vienna or Rome keep
their English form.
"""
import unicodedata

# Script names as Unicode spells the start of a character's name.
SCRIPT_PREFIXES = [
    ("CJK", "Hani"), ("HIRAGANA", "Kana"), ("KATAKANA", "Kana"), ("HANGUL", "Hang"), ("CYRILLIC", "Cyrl"),
    ("GREEK", "Grek"), ("HEBREW", "Hebr"), ("ARABIC", "Arab"), ("DEVANAGARI", "Deva"), ("BENGALI", "Beng"),
    ("TAMIL", "Taml"), ("TELUGU", "Telu"), ("KANNADA", "Knda"), ("MALAYALAM", "Mlym"), ("GUJARATI", "Gujr"),
    ("GURMUKHI", "Guru"), ("ORIYA", "Orya"), ("SINHALA", "Sinh"), ("THAI", "Thai"), ("LAO", "Laoo"),
    ("KHMER", "Khmr"), ("MYANMAR", "Mymr"), ("TIBETAN", "Tibt"), ("GEORGIAN", "Geor"), ("ARMENIAN", "Armn"),
    ("ETHIOPIC", "Ethi"), ("THAANA", "Thaa"), ("LATIN", "Latn"),
]

ARAB_LEAGUE = set("AE BH DZ EG IQ JO KW LB LY MA MR OM PS QA SA SD SY TN YE".split())
COUNTRY_SCRIPT = {"JP": "Jpan", "KR": "Hang", "KP": "Hang", "CN": "Hans", "TW": "Hant", "HK": "Hant", "MO": "Hant",
                  "IL": "Hebr", "GR": "Grek", "CY": "Grek", "TH": "Thai", "LA": "Laoo", "KH": "Khmr", "MM": "Mymr",
                  "GE": "Geor", "AM": "Armn", "ET": "Ethi", "ER": "Ethi", "LK": "Sinh", "BT": "Tibt", "BD": "Beng",
                  "NP": "Deva", "MV": "Thaa", "IR": "Arab", "AF": "Arab", "PK": "Arab"}
for cc in "RU UA BY BG RS MK KZ KG MN TJ".split():
    COUNTRY_SCRIPT[cc] = "Cyrl"
for cc in ARAB_LEAGUE:
    COUNTRY_SCRIPT[cc] = "Arab"
INDIA_STATES = {"Tamil Nadu": "Taml", "West Bengal": "Beng", "Kerala": "Mlym", "Karnataka": "Knda",
                "Andhra Pradesh": "Telu", "Telangana": "Telu", "Gujarat": "Gujr", "Punjab": "Guru",
                "Odisha": "Orya", "Orissa": "Orya", "Tripura": "Beng", "Assam": "Beng"}

# The languages the map can show in a script of their own, and that script.
LANGUAGE_SCRIPT = {"ja": "Jpan", "ko": "Hang", "zh": "Hans", "ru": "Cyrl", "ar": "Arab", "he": "Hebr",
                   "el": "Grek", "th": "Thai", "hi": "Deva"}
LANGUAGE_COUNTRIES = {"ja": {"JP"}, "ko": {"KR", "KP"}, "zh": {"CN", "TW", "HK", "MO"}, "ru": {"RU"},
                      "ar": ARAB_LEAGUE, "he": {"IL"}, "el": {"GR", "CY"}, "th": {"TH"}, "hi": set()}

RUSSIAN_ONLY = set("іїєґўјљњћђџѓќѕәғқңөұүһӏ")
# Cantons where French or Italian is the language of most towns (GeoNames' admin1 names), and the
# German names of their towns with the towns' official names (the Swiss Federal Statistical Office's).
LATIN_CANTONS = {"Geneva", "Vaud", "Neuchatel", "Neuchâtel", "Jura", "Fribourg", "Valais", "Ticino"}
SWISS_GERMAN_NAMES = {"Sitten": "Sion", "Siders": "Sierre", "Neuenburg": "Neuchâtel", "Freiburg": "Fribourg",
                      "Delsberg": "Delémont", "Pruntrut": "Porrentruy", "Bellenz": "Bellinzona", "Lauis": "Lugano",
                      "Luggarus": "Locarno", "Martinach": "Martigny", "Iferten": "Yverdon-les-Bains",
                      "Peterlingen": "Payerne", "Milden": "Moudon", "Wiflisburg": "Avenches", "Vivis": "Vevey",
                      "Losanen": "Lausanne", "Genf": "Genève", "Greyerz": "Gruyères", "Murten": "Murten"}
UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def script_of(ch):
    """The script code of a letter, or None for spaces, digits and punctuation."""
    if not ch.isalpha() and unicodedata.category(ch) not in ("Mn", "Mc", "Lo", "Lm"):
        return None
    name = unicodedata.name(ch, "")
    for prefix, script in SCRIPT_PREFIXES:
        if name.startswith(prefix):
            return script
    return "Other"


def scripts_in(text):
    return {s for s in (script_of(ch) for ch in text) if s is not None}


def fold(text):
    """Lower case without accents, as a search folds it."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if unicodedata.category(ch) != "Mn").lower()


def writable(text, codec):
    try:
        text.encode(codec)
        return True
    except UnicodeEncodeError:
        return False


def fits(text, script, cc):
    """Whether `text` is written wholly in `script` (Jpan: Han and Kana; Hans, Hant: Han) as `cc` writes it."""
    found = scripts_in(text)
    if not found:
        return False
    if script == "Jpan":
        return found <= {"Hani", "Kana"} and writable(text, "shift_jis")
    if script in ("Hans", "Hant"):
        return found == {"Hani"} and writable(text, "gb2312" if script == "Hans" else "big5")
    if found != {script}:
        return False
    if script == "Arab" and cc in ARAB_LEAGUE and any(script_of(ch) == "Arab" and not 0x621 <= ord(ch) <= 0x65F for ch in text):
        # Arabic's own letters and marks only: no Persian, Urdu or Uyghur letters.
        return False
    if script == "Cyrl" and cc == "RU" and RUSSIAN_ONLY & set(text.lower()):
        return False
    return True


def distance(a, b):
    """Levenshtein distance."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def best_in_script(alternates, script, cc, prefer_kana=False):
    candidates = sorted({a for a in alternates if fits(a, script, cc)})
    if not candidates:
        return ""
    if prefer_kana:
        kana = [a for a in candidates if scripts_in(a) == {"Kana"}]
        candidates = kana or candidates
    elif script == "Jpan":
        # A Japanese place is written in kanji (横浜, 千葉), its kana spelling a reading aid.
        kanji = [a for a in candidates if "Hani" in scripts_in(a)]
        candidates = kanji or candidates
        # A name found only inside another (原 in 市原市), or at its start but short of the name the other
        # gives without its 市 (四日 in 四日市市, where 津 in 津市 is whole), is a piece of it.
        whole = [a for a in candidates
                 if not any(a in b and (not b.startswith(a) or (b.endswith("市") and b[:-1] != a)) for b in candidates if b != a)]
        candidates = whole or candidates
    if script == "Arab" and cc in ARAB_LEAGUE:
        # Arab cities' names mostly carry the article: القاهرة, not قاهره.
        with_article = [a for a in candidates if a.startswith("ال")]
        candidates = with_article or candidates
    # The usual form is the one the other spellings vary least from (Москва
    # among Масква, Мәскәү, Мускав): the least total edit distance, then the
    # shortest. The twelve shortest are weighed (a few cities list fifty).
    candidates = sorted(candidates, key=lambda a: (len(a), a))[:12]
    return min(candidates, key=lambda a: (sum(distance(a, b) for b in candidates), len(a), a))


def japanese_city(name, latin):
    """A Japanese name without the 市 ("city") of its official form (市原市:
    市原), unless the place's Latin name ends in "ichi" (四日市)."""
    if name.endswith("市市") or (len(name) >= 3 and name.endswith("市") and not fold(latin).endswith("ichi")):
        return name[:-1]
    return name


def family(name, alternates):
    """How many alternates are built on `name` (contain it, folded)."""
    folded = fold(name)
    return sum(folded in fold(a) for a in alternates)


def corrected_name(name, alternates, cc, admin1):
    """GeoNames' name, or the one it stands for where it slipped (see the module's rules)."""
    if name.isascii() and family(name, alternates) == 0:
        # A typo in the last letter: the alternate spells it right, and others are built on it.
        near = [a for a in alternates if a.isascii() and len(a) == len(name) and a[:-1] == name[:-1]
                and a[-1].isalpha() and a + " City" in alternates]
        if len(near) == 1:
            return near[0]
    if cc == "CH" and admin1 in LATIN_CANTONS and name in SWISS_GERMAN_NAMES and SWISS_GERMAN_NAMES[name] in alternates:
        return SWISS_GERMAN_NAMES[name]
    return name


def local_script(cc, admin1):
    if cc == "IN":
        return INDIA_STATES.get(admin1, "Deva")
    return COUNTRY_SCRIPT.get(cc)


def shown_name(name, alternates, cc, population):
    """The name pinmap writes in Latin letters (see the module's rules)."""
    if cc in ("DE", "AT", "CH", "LI", "LU") and name.isascii() and population >= 100_000:
        spelled = set(alternates)
        bare = {a.lower() for a in alternates}
        found = [a for a in alternates if "".join(UMLAUTS.get(ch, ch) for ch in a) in spelled - {a}
                 and fold(a.replace("ß", "ss")) in bare and scripts_in(a) == {"Latn"} and a.count(" ") == name.count(" ")
                 and distance(fold(a.replace("ß", "ss")), fold(name)) >= 2]
        folded = [fold(a) for a in alternates]
        # München before the Turkish Münih: the one most other spellings are
        # built on ("Lungsod ng München"), then the nearest to the English name.
        family = {a: sum(fold(a) in f for f in folded) for a in found}
        found = [a for a in found if family[a] >= 3]
        if found:
            return min(found, key=lambda a: (-family[a], distance(fold(a), fold(name)), len(a), a))
    return name


def names(row):
    """The names of one TSV row: shown, local (may be empty), per language, and the search's aliases."""
    alternates = [a.strip() for a in row["alternatenames"].split(",") if a.strip() and "\0" not in a]
    cc = row["cc"].strip().upper()
    name = corrected_name(row["name"].strip(), alternates, cc, row["admin1"].strip())
    shown = shown_name(name, alternates, cc, int(row["population"] or 0))
    script = local_script(cc, row["admin1"].strip())
    local = best_in_script(alternates, script, cc) if script else ""
    if local and script == "Jpan":
        local = japanese_city(local, name)
    languages = {}
    # Small places seldom have names in other scripts worth a label: the search still finds them by their alternates.
    for language, lang_script in (LANGUAGE_SCRIPT.items() if int(row["population"] or 0) >= 5000 or local else ()):
        if local and cc in LANGUAGE_COUNTRIES[language]:
            languages[language] = local
        else:
            pick = best_in_script(alternates, lang_script, "RU" if language == "ru" else ("EG" if language == "ar" else cc),
                                  prefer_kana=(language == "ja" and cc != "JP"))
            if pick:
                languages[language] = pick
    languages["en"] = name
    return shown, local, languages, alternates
