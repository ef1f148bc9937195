"""Screenshots without ImageMagick: Xvfb's ``-fbdir`` framebuffer (an XWD file) to a PNG."""

import os
import struct
import zlib


def _chunk(kind, payload):
    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body))


def xwd_to_png(xwd_path, png_path, box=None):
    """Write the ``box`` (x0, y0, x1, y1; default: all) of an XWD screen dump as an RGB PNG."""
    with open(xwd_path, "rb") as handle:
        data = handle.read()
    (header_size, _version, _format, _depth, width, height, _xoffset, byte_order, _unit,
     _bit_order, _pad, bits_per_pixel, bytes_per_line, _class, red_mask, green_mask,
     blue_mask, _bits_rgb, _entries, ncolors) = struct.unpack(">20I", data[:80])
    if bits_per_pixel != 32:
        raise ValueError(f"only 32-bit framebuffers are handled, not {bits_per_pixel}")
    pixels = data[header_size + ncolors * 12:]
    x0, y0, x1, y1 = box or (0, 0, width, height)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(width, x1), min(height, y1)

    def byte_of(mask):
        shift = (mask.bit_length() - 8) // 8
        return shift if byte_order == 0 else 3 - shift
    channels = [byte_of(mask) for mask in (red_mask, green_mask, blue_mask)]
    rows = []
    for y in range(y0, y1):
        row = pixels[y * bytes_per_line + x0 * 4: y * bytes_per_line + x1 * 4]
        rgb = bytearray(len(row) // 4 * 3)
        for n, at in enumerate(channels):
            rgb[n::3] = row[at::4]
        rows.append(b"\x00" + bytes(rgb))
    header = struct.pack(">IIBBBBB", x1 - x0, y1 - y0, 8, 2, 0, 0, 0)
    with open(png_path, "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
                     + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _chunk(b"IEND", b""))


def screenshot_window(window, png_path):
    """Save a Tk window's area of the Xvfb screen (``$TW_FBDIR/Xvfb_screen0``) as a PNG.
    Returns False (and writes nothing) when no framebuffer file is available."""
    fbdir = os.environ.get("TW_FBDIR")
    source = fbdir and os.path.join(fbdir, "Xvfb_screen0")
    if not source or not os.path.exists(source):
        return False
    window.update()
    x, y = window.winfo_rootx(), window.winfo_rooty()
    xwd_to_png(source, png_path, (x, y, x + window.winfo_width(), y + window.winfo_height()))
    return True
