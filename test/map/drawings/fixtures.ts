/**
 * Small drawings of the standard board's corner around London, written for these tests in the two
 * formats the judge reads: a jDip SVG map and a DPjudge map drawing.
 */

/** A jDip SVG map: army symbols 40 wide (so the picture is drawn at 22/40 of its size), a 1000 by 800 viewBox. */
export const JDIP_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "svg.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:jdipNS="svg.dtd" width="200px" height="150px" viewBox="0 0 1000 800">
  <jdipNS:ORDERDRAWING>
    <jdipNS:SYMBOLSIZE name="Army" width="40" height="40"/>
  </jdipNS:ORDERDRAWING>
  <jdipNS:PROVINCE_DATA>
    <jdipNS:PROVINCE name="lon">
      <jdipNS:UNIT x="100" y="200"/>
      <jdipNS:DISLODGED_UNIT x="90" y="190"/>
    </jdipNS:PROVINCE>
    <jdipNS:PROVINCE name="nth">
      <jdipNS:UNIT x="300" y="100"/>
    </jdipNS:PROVINCE>
    <jdipNS:PROVINCE name="english channel">
      <jdipNS:UNIT x="200" y="280"/>
    </jdipNS:PROVINCE>
    <jdipNS:PROVINCE name="atl">
      <jdipNS:UNIT x="20" y="20"/>
    </jdipNS:PROVINCE>
    <jdipNS:PROVINCE name="wal">
      <jdipNS:DISLODGED_UNIT x="1" y="2"/>
    </jdipNS:PROVINCE>
  </jdipNS:PROVINCE_DATA>
  <defs>
    <style type="text/css"><![CDATA[
      .water {fill:#c5dfea; stroke:#000000; stroke-width:1}
      .land {fill:url(#sand); stroke:black}
      .label {text-anchor:middle; font-size:20px}
      text {font-family:serif}
    ]]></style>
    <pattern id="sand" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="tan"/></pattern>
    <symbol id="Army"><rect width="10" height="10"/></symbol>
  </defs>
  <g id="MapLayer">
    <rect class="water" x="0" y="0" width="1000" height="800"/>
    <path id="lon" class="land" d="M 50 150 L 150 150 L 150 250 L 50 250 z" onclick="alert(1)"/>
    <script>alert(1)</script>
    <image x="0" y="0" width="10" height="10" xlink:href="http://example.org/sea.png"/>
  </g>
  <g id="SupplyCenterLayer">
    <use id="sc_LON" x="110" y="210" width="20" height="20" xlink:href="#SupplyCenter"/>
  </g>
  <g id="UnitLayer"/>
  <g id="BriefLabelLayer" class="label" transform="translate(0,10)">
    <text x="100" y="230">LON</text>
  </g>
</svg>
`;

/**
 * A DPjudge map drawing as its map maker writes one: the INFO block, the supply centers, and a
 * DrawMap that turns the page to landscape, scales by a half and draws a sea from 100,100 to
 * 300,200 with a square of land in it; the units are the map maker's procedures, never drawn here.
 */
export const DPJUDGE_PS = `%!PS-Adobe-3.0
%%Title: a test board
% INFO
%  150  150 LON    London
%  250  150 NTH    North Sea
%  oops
% MAP
%%BeginSetup
/VisitSupplies {
\t1 dict begin
\t/s exch def
\t/LON 160 140 s
\tend
} def
/VisitTerritories {
\t5 dict begin
\t(LON) 150 150 l
\t(NTH) 250 150 w
\tend
} def
/DrawMap {
\t612 0 translate 90 rotate .5 .5 scale
\t0 0 1 setrgbcolor 100 100 200 100 rectfill
\t1 0 0 setrgbcolor 140 140 20 20 rectfill
} bind def
/DrawArmy { pop pop } def
%%EndSetup
`;
