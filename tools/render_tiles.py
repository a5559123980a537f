"""Render world tiles with Mapnik from Web Mercator GeoPackages (see render-tiles).

Usage: render_tiles.py GPKG_DIR OUT_DIR MAXZOOM

One image per zoom level, cut into 256 px tiles written as OUT_DIR/z/x/y.png
(XYZ: y counts down from the north). The style is deliberately quiet so pins
and callouts stand out: pale water, warm land, thin blue coastline, muted
borders.
"""
import os
import sys

import mapnik

HALF_WORLD = 20037508.342789244  # metres from the origin to the edge of Web Mercator
TILE = 256

WATER = '#aecde3'
LAND = '#f4f0e8'
COAST = '#86abc6'
COUNTRY = '#9c8fa8'
STATE = '#d8d0dc'


def line_rule(colour, width, dash=None):
    dash_attr = ' stroke-dasharray="%s"' % dash if dash else ''
    return ('<Rule><LineSymbolizer stroke="%s" stroke-width="%.2f" stroke-linejoin="round"%s/></Rule>'
            % (colour, width, dash_attr))


def fill_rule(colour, outline=None, outline_width=0.0):
    rule = '<PolygonSymbolizer fill="%s"/>' % colour
    if outline:
        rule += '<LineSymbolizer stroke="%s" stroke-width="%.2f"/>' % (outline, outline_width)
    return '<Rule>%s</Rule>' % rule


def build_map(gpkg_dir, zoom):
    size = TILE * 2 ** zoom
    # Lines get a little heavier as the map zooms in, so borders stay readable
    # at every level without crowding the world view.
    grow = min(zoom, 5) / 5.0
    styles = {
        'land': fill_rule(LAND),
        'lakes': fill_rule(WATER, COAST, 0.4 + 0.3 * grow),
        'coast': line_rule(COAST, 0.5 + 0.5 * grow),
        'country': line_rule(COUNTRY, 0.5 + 0.7 * grow),
        'state': line_rule(STATE, 0.5, '3,2' if zoom >= 5 else None),
    }
    layers = [('ne_10m_land', 'land'), ('ne_10m_lakes', 'lakes'), ('ne_10m_coastline', 'coast'),
              ('ne_10m_admin_0_boundary_lines_land', 'country')]
    if zoom >= 4:  # state lines only where there is room for them
        layers.insert(3, ('ne_10m_admin_1_states_provinces_lines', 'state'))
    xml = ['<Map srs="epsg:3857" background-color="%s" buffer-size="64">' % WATER]
    for name, rule in styles.items():
        xml.append('<Style name="%s">%s</Style>' % (name, rule))
    for file, style in layers:
        xml.append('<Layer name="%s" srs="epsg:3857"><StyleName>%s</StyleName>'
                   '<Datasource><Parameter name="type">ogr</Parameter>'
                   '<Parameter name="file">%s</Parameter><Parameter name="layer">%s</Parameter>'
                   '</Datasource></Layer>' % (file, style, os.path.join(gpkg_dir, file + '.gpkg'), file))
    xml.append('</Map>')
    m = mapnik.Map(size, size)
    mapnik.load_map_from_string(m, ''.join(xml))
    m.zoom_to_box(mapnik.Box2d(-HALF_WORLD, -HALF_WORLD, HALF_WORLD, HALF_WORLD))
    return m


def main():
    gpkg_dir, out_dir, maxzoom = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for zoom in range(maxzoom + 1):
        m = build_map(gpkg_dir, zoom)
        image = mapnik.Image(m.width, m.height)
        mapnik.render(m, image)
        count = 2 ** zoom
        for x in range(count):
            column = os.path.join(out_dir, str(zoom), str(x))
            os.makedirs(column, exist_ok=True)
            for y in range(count):
                tile = image.view(x * TILE, y * TILE, TILE, TILE)
                tile.save(os.path.join(column, '%d.png' % y), 'png8:m=h:z=9')
        print('zoom %d: %d tiles' % (zoom, count * count), flush=True)


if __name__ == '__main__':
    main()
