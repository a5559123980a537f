"""City names in languages written in Latin letters (de, fr, es, it, pt, nl),
from the Unicode CLDR (Debian's unicode-cldr-core, /usr/share/unicode/cldr;
Unicode licence), for tools/world_places.py. GeoNames' alternate names carry
no language tags, so they cannot say which spelling is German or Dutch; CLDR
does, for two kinds of places:

- Exemplar cities: every time zone's city, named in each language
  (Europe/Moscow: Moskau, Moscou, Moscú, Mosca, Moscou, Moskou). The zone's
  city is found among GeoNames' places of that zone by its English name
  (CLDR's English exemplar, else the zone's own spelling: Sao_Paulo is
  São Paulo), the most populous one that bears it.
- Subdivisions named after their city (Milan's province, Tokyo's
  prefecture, the city-states of Berlin, Moscow and Vienna): where the
  English subdivision name is a city of 50,000 people or more in that
  country, the translation's last words, as many as the English name has,
  name the city when the words before them only say what kind of place it is
  (Provinz Mailand: Mailand; provincia di Napoli: Napoli; not Thành phố Hải
  Phòng).
  Unconfirmed translations are left out, and a subdivision never overrides
  an exemplar city.

A name equal to the place's shown name is left out: the map falls back to it.
"""
import os
import re
import xml.etree.ElementTree as ET

from place_names import fold

LANGUAGES = ["de", "fr", "es", "it", "pt", "nl"]
CLDR = os.environ.get("CLDR", "/usr/share/unicode/cldr/common")
SUBDIVISION_PEOPLE = 50_000


def exemplar_cities(language, folder=CLDR):
    """{zone id: city name} of one CLDR locale, confirmed names only."""
    path = os.path.join(folder, "main", f"{language}.xml")
    if not os.path.exists(path):
        return {}
    cities = {}
    for zone in ET.parse(path).getroot().iter("zone"):
        city = zone.find("exemplarCity")
        if city is not None and city.text and city.get("alt") is None and city.get("draft") != "unconfirmed":
            cities[zone.get("type")] = city.text.strip()
    return cities


def subdivisions(language, folder=CLDR):
    """{subdivision code: name} of one CLDR locale, confirmed names only."""
    path = os.path.join(folder, "subdivisions", f"{language}.xml")
    if not os.path.exists(path):
        return {}
    return {item.get("type"): item.text.strip() for item in ET.parse(path).getroot().iter("subdivision")
            if item.text and item.get("draft") != "unconfirmed"}


def zone_city(zone, english):
    """The English name of a zone's city: CLDR's, else the zone's last part with spaces."""
    return english.get(zone) or zone.split("/")[-1].replace("_", " ")


# Words a subdivision's name puts before its city's (Provinz Mailand, città metropolitana di Milano).
DESIGNATIONS = {
    "de": {"provinz", "präfektur", "metropolitanstadt", "region", "bezirk", "distrikt", "gouvernement", "stadt", "kanton",
           "departement", "oblast", "land", "freie", "und", "hansestadt"},
    "fr": {"province", "préfecture", "ville", "métropolitaine", "région", "district", "gouvernorat", "canton", "département",
           "de", "du", "d'", "la", "le"},
    "es": {"provincia", "prefectura", "ciudad", "metropolitana", "región", "distrito", "gobernación", "de", "del", "la"},
    "it": {"provincia", "prefettura", "città", "metropolitana", "regione", "distretto", "governatorato", "di", "del", "della"},
    "pt": {"província", "prefeitura", "cidade", "metropolitana", "região", "distrito", "governadoria", "de", "do", "da"},
    "nl": {"provincie", "prefectuur", "stad", "metropolitane", "regio", "district", "gouvernement", "van", "de"},
}


def city_in(subdivision, english_name, language):
    """The city a subdivision's name in `language` names, when it is the
    English name's last words after designations only ("Provinz Mailand",
    "provincia di Napoli"); else ""."""
    words = re.sub(r"\s*\([^)]*\)$", "", subdivision).split()
    count = len(english_name.split())
    if len(words) < count:
        return ""
    prefix = [w.lower().rstrip("'") for w in words[:-count]]
    if any(w not in DESIGNATIONS[language] and w + "'" not in DESIGNATIONS[language] for w in prefix):
        return ""
    return " ".join(words[-count:])


def latin_names(rows, shown, folder=CLDR):
    """{row index: {language: name}} for GeoNames' rows (dicts with name,
    alternatenames, cc, population, timezone); `shown` gives each row's shown
    name (or None for a row left off the map)."""
    english = exemplar_cities("en", folder)
    english.update({k: v for k, v in exemplar_cities("root", folder).items() if k not in english})
    # Every folded name of every place, to find a city by its English name.
    by_name = {}
    for index, row in enumerate(rows):
        if shown[index] is None:
            continue
        spellings = {fold(row["name"])} | {fold(a.strip()) for a in row.get("alternatenames", "").split(",") if a.strip()}
        # A zone's city may be the start of a place's name (New York: New York City).
        for own in (fold(row["name"]), fold(shown[index])):
            words = own.split()
            spellings |= {" ".join(words[:count]) for count in range(1, len(words))}
        for spelling in spellings:
            by_name.setdefault(spelling, []).append(index)

    def people(index):
        return int(rows[index].get("population") or 0)

    exemplars = {language: exemplar_cities(language, folder) for language in LANGUAGES}
    zone_of = {}  # row index: the zone whose city it is
    for zone in sorted(set().union(*(set(cities) for cities in exemplars.values()))):
        city = fold(zone_city(zone, english))
        # The place's own name is the city's (or starts it: New York City); an
        # alternate alone is not enough (Bahia's zone is the state's, not Salvador's).
        region = zone.split("/")[0] + "/"
        bears = [i for i in by_name.get(city, ())
                 if any(own == city or own.startswith(city + " ") for own in (fold(rows[i]["name"]), fold(shown[i])))]
        candidates = [i for i in bears if rows[i].get("timezone", "") == zone]
        if not candidates:
            # CLDR keeps old zone ids (Asia/Calcutta, Europe/Kiev); GeoNames may name the zone anew.
            candidates = [i for i in bears if rows[i].get("timezone", "").startswith(region)]
        if candidates:
            zone_of.setdefault(max(candidates, key=lambda i: (people(i), -i)), zone)
    names = {}
    for index, zone in zone_of.items():
        for language in LANGUAGES:
            name = exemplars[language].get(zone)
            if name and name != shown[index]:
                names.setdefault(index, {})[language] = name
    english_subdivisions = subdivisions("en", folder)
    for language in LANGUAGES:
        translated = subdivisions(language, folder)
        for code, english_name in english_subdivisions.items():
            local = translated.get(code)
            cc = code[:2].upper()
            if not local or not re.fullmatch(r"[A-Za-z][A-Za-z .'-]*", english_name):
                continue
            candidates = [i for i in by_name.get(fold(english_name), ()) if rows[i]["cc"].strip().upper() == cc
                          and people(i) >= SUBDIVISION_PEOPLE
                          and fold(english_name) in (fold(rows[i]["name"]), fold(shown[i]))]
            if not candidates:
                continue
            index = max(candidates, key=lambda i: (people(i), -i))
            name = city_in(local, english_name, language)
            if not name or name[0].islower() or index in zone_of:
                continue
            if name != shown[index]:
                names.setdefault(index, {}).setdefault(language, name)
    return names
