"""Tests of the name-choosing rules (tools/place_names.py, tools/latin_names.py),
one per rule, on rows shaped as GeoNames' TSV gives them. Run by `make test`:

    python3 -m unittest discover -s tools -p 'test_*.py'
"""
import os
import tempfile
import unittest

from latin_names import city_in, latin_names
from place_names import names


def row(name, cc, alternates, population=100_000, admin1="", timezone=""):
    return {"name": name, "cc": cc, "alternatenames": ",".join(alternates), "population": str(population),
            "admin1": admin1, "admin2": "", "timezone": timezone}


class PlaceNameRules(unittest.TestCase):
    def test_a_japanese_fragment_inside_a_name_is_not_the_name(self):
        shown, local, languages, _ = names(row("Ichihara", "JP", ["Ichihara", "原", "市原市"], 283_531))
        self.assertEqual(local, "市原")
        self.assertEqual(languages["ja"], "市原")

    def test_a_japanese_citys_name_loses_its_shi_but_not_where_shi_is_the_name(self):
        self.assertEqual(names(row("Hiroshima", "JP", ["広島市"]))[1], "広島")
        self.assertEqual(names(row("Yokkaichi", "JP", ["四日", "四日市市"]))[1], "四日市")
        self.assertEqual(names(row("Yokkaichi", "JP", ["四日市"], 52_771))[1], "四日市")
        self.assertEqual(names(row("Tsu", "JP", ["津", "津市"]))[1], "津")
        self.assertEqual(names(row("Tokyo", "JP", ["東京", "東京都"]))[1], "東京")

    def test_a_typo_in_geonames_name_gives_way_to_the_city_it_lists(self):
        shown, _, languages, _ = names(row("Edogawe", "JP", ["Edogawa", "Edogawa City", "江戸川区"], 697_932))
        self.assertEqual((shown, languages["en"]), ("Edogawa", "Edogawa"))
        self.assertEqual(names(row("Troy", "US", ["Troj", "Troja"]))[0], "Troy", "no city listed: no typo")

    def test_a_german_name_in_a_french_speaking_canton_gives_way_to_the_towns_own(self):
        shown, _, languages, _ = names(row("Sitten", "CH", ["Sion", "Sitten", "Sion i Sveits"], 34_708, "Valais"))
        self.assertEqual((shown, languages["en"]), ("Sion", "Sion"))
        self.assertEqual(names(row("Biel", "CH", ["Bienne", "Biel"], 55_000, "Bern"))[0], "Biel", "a German-speaking canton")


def cldr(folder, language, zones=(), subdivisions=()):
    os.makedirs(os.path.join(folder, "main"), exist_ok=True)
    os.makedirs(os.path.join(folder, "subdivisions"), exist_ok=True)
    with open(os.path.join(folder, "main", f"{language}.xml"), "w", encoding="utf-8") as out:
        out.write("<ldml><dates><timeZoneNames>")
        for zone, city, draft in zones:
            out.write(f'<zone type="{zone}"><exemplarCity{draft}>{city}</exemplarCity></zone>')
        out.write("</timeZoneNames></dates></ldml>")
    with open(os.path.join(folder, "subdivisions", f"{language}.xml"), "w", encoding="utf-8") as out:
        out.write("<ldml><localeDisplayNames><subdivisions>")
        for code, name in subdivisions:
            out.write(f'<subdivision type="{code}">{name}</subdivision>')
        out.write("</subdivisions></localeDisplayNames></ldml>")


class LatinNameRules(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        cldr(self.folder, "en", [("America/Bahia", "Bahia", ""), ("Europe/Kiev", "Kyiv", "")], [("itmi", "Milan"), ("vnhp", "Haiphong")])
        cldr(self.folder, "root")
        cldr(self.folder, "de", [("Europe/Moscow", "Moskau", ""), ("America/Bahia", "Bahia", ""),
                                 ("America/New_York", "New York", ""), ("Europe/Kiev", "Kiew", ""),
                                 ("Europe/Paris", "Parigi", ' draft="unconfirmed"')],
             [("itmi", "Provinz Mailand"), ("vnhp", "Thành phố Hải Phòng")])
        for language in ("fr", "es", "it", "pt", "nl"):
            cldr(self.folder, language)
        self.rows = [row("Moscow", "RU", ["Moskva", "Moskau"], 10_000_000, timezone="Europe/Moscow"),
                     row("Moscow", "RU", [], 2_000, timezone="Europe/Moscow"),
                     row("Salvador", "BR", ["Bahia"], 2_700_000, timezone="America/Bahia"),
                     row("New York City", "US", [], 8_000_000, timezone="America/New_York"),
                     row("Kyiv", "UA", ["Kiev"], 2_800_000, timezone="Europe/Kyiv"),
                     row("Milan", "IT", ["Milano"], 1_300_000, timezone="Europe/Rome"),
                     row("Haiphong", "VN", [], 1_900_000, timezone="Asia/Ho_Chi_Minh"),
                     row("Paris", "FR", [], 2_100_000, timezone="Europe/Paris")]
        self.names = latin_names(self.rows, [r["name"] for r in self.rows], folder=self.folder)

    def test_an_exemplar_city_names_the_largest_place_of_its_zone_that_bears_the_name(self):
        self.assertEqual(self.names[0], {"de": "Moskau"})
        self.assertNotIn(1, self.names)
        self.assertEqual(self.names[3], {"de": "New York"}, "New York City starts with the zone's city")

    def test_a_zone_named_after_a_state_names_no_city_by_an_alternate(self):
        self.assertNotIn(2, self.names, "Salvador is not Bahia")

    def test_an_old_zone_id_finds_its_city_in_the_renamed_zone(self):
        self.assertEqual(self.names[4], {"de": "Kiew"})

    def test_a_subdivision_named_after_its_city_names_it_after_designations_only(self):
        self.assertEqual(self.names[5], {"de": "Mailand"})
        self.assertNotIn(6, self.names, "Thành phố Hải Phòng: 'Hải' is no designation")
        self.assertEqual(city_in("provincia di Napoli", "Naples", "it"), "Napoli")
        self.assertEqual(city_in("Izmir (província)", "Izmir", "pt"), "Izmir")

    def test_an_unconfirmed_translation_is_left_out(self):
        self.assertNotIn(7, self.names)


if __name__ == "__main__":
    unittest.main()
