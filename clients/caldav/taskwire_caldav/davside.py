"""The CalDAV collection, through the ``caldav`` library: find it, read its changes
(sync-collection, RFC 6578, with the library's ctag/etag fallback), read, write and delete single
objects with If-Match / If-None-Match."""

import urllib.parse

import caldav
from caldav.elements import dav
from lxml import etree
from caldav.lib import error as daverror
from caldav.lib.url import URL


class Conflict(Exception):
    """412: the object changed on the server since the ETag we hold (or exists already)."""


class Gone(Exception):
    """404: the object is no longer on the server."""


class Unreachable(Exception):
    """The server did not answer (down, slow, a network fault, a 5xx): try again later."""


class Refused(Exception):
    """The server answered no (401, 403, a 4xx we cannot fix by retrying)."""


def _wrap(function):
    """Run a library call, turning its failures into the four kinds above."""
    import requests  # the library's HTTP client is requests or niquests; both raise OSError kin
    try:
        return function()
    except (daverror.ETagMismatchError, daverror.ScheduleTagMismatchError) as e:
        raise Conflict(str(e)[:200]) from None
    except daverror.ConsistencyError as e:
        raise Conflict(str(e)[:200]) from None
    except daverror.NotFoundError as e:
        raise Gone(str(e)[:200]) from None
    except daverror.AuthorizationError as e:
        raise Refused(f"the server refused the login or the access ({_status(e)})") from None
    except daverror.DAVError as e:
        status = _status(e)
        if status is None or status >= 500:
            raise Unreachable(f"server error {status or ''}".strip()) from None
        if status == 412:
            raise Conflict("412") from None
        if status == 404:
            raise Gone("404") from None
        raise Refused(f"the server refused the request ({status})") from None
    except (OSError, requests.RequestException) as e:
        raise Unreachable(type(e).__name__) from None
    except Exception as e:
        # niquests and urllib3 have exception types of their own outside OSError
        name = type(e).__module__ + "." + type(e).__name__
        if any(word in name for word in ("niquests", "urllib3", "requests", "http", "ssl",
                                        "socket")):
            raise Unreachable(type(e).__name__) from None
        raise


def _check(status, conflict, refused, refused_from):
    """Raises what a PUT's status means: 412 Conflict, 5xx Unreachable, from refused_from on
    Refused; nothing for a success."""
    if status == 412:
        raise Conflict(conflict)
    if status >= 500:
        raise Unreachable(f"server error {status}")
    if status >= refused_from:
        raise Refused(refused)


def _status(e):
    status = getattr(e, "status", None)
    try:
        return int(status) if status is not None else None
    except (TypeError, ValueError):
        return None


class Collection:
    def __init__(self, url, user, password, calendar=None, ca_file=None, timeout=30,
                 auth="auto"):
        self.url = url
        self.calendar_name = calendar
        self._login = (url, user, password, ca_file, timeout, auth)
        if auth == "auto":
            # Basic at once (no round trip that fails first: Radicale delays every failed login)
            # where the password travels safely: over TLS, or to this machine.
            parts = urllib.parse.urlsplit(url)
            local = parts.hostname in ("localhost", "127.0.0.1", "::1") or \
                (parts.hostname or "").startswith("127.")
            auth = "basic" if parts.scheme == "https" or local else None
        self.client = caldav.DAVClient(url=url, username=user, password=password,
                                       ssl_verify_cert=ca_file if ca_file else True,
                                       timeout=timeout, auth_type=auth)
        self.calendar = None

    def clone(self):
        """The same collection through a client (an HTTP session) of its own, for a thread."""
        url, user, password, ca_file, timeout, auth = self._login
        other = Collection(url, user, password, self.calendar_name, ca_file, timeout, auth)
        other.calendar = caldav.Calendar(client=other.client, url=self.calendar.url)
        return other

    def open(self, create=True):
        """Find the task list: --calendar by name or path segment, else the first one that holds
        tasks; the URL itself when it is a calendar.  Returns a line saying which."""
        def find():
            principal = self.client.principal()
            calendars = principal.calendars()
            wanted = self.calendar_name
            chosen = None
            for calendar in calendars:
                segment = urllib.parse.unquote(str(calendar.url).rstrip("/").rsplit("/", 1)[-1])
                name = _name(calendar)
                if wanted is None:
                    if str(calendar.url).rstrip("/") == self.url.rstrip("/"):
                        chosen = calendar
                        break
                elif wanted in (name, segment):
                    chosen = calendar
                    break
            if chosen is None and wanted is None:
                for calendar in calendars:
                    try:
                        components = calendar.get_supported_components()
                    except Exception:
                        components = ["VTODO"]
                    if "VTODO" in components:
                        chosen = calendar
                        break
            made = False
            if chosen is None and wanted is not None and create:
                segment = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in wanted)
                chosen = principal.make_calendar(name=wanted, cal_id=segment or "tasks",
                                                 supported_calendar_component_set=["VTODO"])
                made = True
            return chosen, made, [(_name(c) or str(c.url)) for c in calendars]

        chosen, made, names = _wrap(find)
        if chosen is None:
            raise Refused("no task list found" + (f" named {self.calendar_name!r}"
                                                    if self.calendar_name else "")
                          + (f"; the server has: {', '.join(names)}" if names else ""))
        self.calendar = chosen
        return ("made the task list " if made else "task list ") + \
            f"{_name(chosen) or ''} <{chosen.url}>".strip()

    @property
    def collection_url(self):
        return str(self.calendar.url.canonical())

    def href(self, uid):
        safe = "".join(ch if ch.isalnum() or ch in "-_.@" else "_" for ch in uid)
        return str(self.calendar.url.join(urllib.parse.quote(safe) + ".ics").canonical())

    def pull(self, token):
        """Changes since ``token``: ``(full, objects, deleted, new_token)``; ``objects`` maps each
        changed href to ``(etag, text or None)`` (None: not loaded yet, see ``load``); ``full``
        means the list is the whole collection (a first sync, or the server had no sync-token for
        us) so that any href missing from it was deleted."""
        def run():
            result = self.calendar.get_objects_by_sync_token(token, load_objects=False)
            new_token = result.sync_token
            if token and str(token).startswith("fake-") and new_token == token:
                return False, {}, set(), token
            full = not token or str(new_token).startswith("fake-")
            objects = {}
            deleted = {str(u) for u in (getattr(result, "deleted_urls", None) or ())}
            for obj in result:
                href = str(obj.url.canonical()) if hasattr(obj.url, "canonical") else str(obj.url)
                if href in deleted:
                    continue
                etag = obj.props.get(dav.GetEtag.tag) if getattr(obj, "props", None) else None
                data = obj.data if getattr(obj, "_data", None) is not None else None
                objects[href] = (etag, data)
            return full, objects, deleted, new_token
        return _wrap(run)

    def load(self, hrefs):
        """Fetch the data of these hrefs: ``{href: (etag, text)}`` (missing ones are left out)."""
        hrefs = list(hrefs)
        out = {}

        def run():
            for start in range(0, len(hrefs), 200):
                chunk = [URL.objectify(h) for h in hrefs[start:start + 200]]
                for obj in self.calendar.multiget(chunk, raise_notfound=False):
                    href = str(obj.url.canonical())
                    etag = obj.props.get(dav.GetEtag.tag) if obj.props else None
                    if obj.data:
                        out[href] = (etag, obj.data)
            return out
        return _wrap(run)

    def get(self, href):
        """``(etag, text)`` of one object; Gone when it is not there."""
        def run():
            obj = caldav.Todo(client=self.client, url=href, parent=self.calendar)
            obj.load()
            return obj.props.get(dav.GetEtag.tag), obj.data
        return _wrap(run)

    def put(self, href, text, etag=None, create=False):
        """Write the object: If-None-Match: * when ``create``, else If-Match: ``etag``.  Returns
        the new ETag (None when the server sent none).  Conflict on 412."""
        def run():
            if create:
                # If-None-Match: * through the library's client.  (save(no_overwrite=True)
                # searches the whole collection for the UID first on a server it does not know:
                # a query per new task, seconds each on a list of thousands.)
                response = self.client.put(href, text.encode("utf-8"), {
                    "If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"})
                status = int(response.status)
                _check(status, "412: the object exists", f"the server refused the task ({status})", 400)
                headers = response.headers or {}
                return headers.get("ETag") or headers.get("Etag")
            props = {dav.GetEtag.tag: etag} if etag else {}
            obj = caldav.Todo(client=self.client, url=href, parent=self.calendar, props=props)
            obj.save(raw_data=text.encode("utf-8"), increase_seqno=False, precondition="etag")
            return obj.props.get(dav.GetEtag.tag)
        return _wrap(run)

    def delete(self, href, etag):
        """DELETE with If-Match: ``etag``; Conflict on 412, nothing when it is gone already."""
        def run():
            obj = caldav.Todo(client=self.client, url=href, parent=self.calendar,
                              props={dav.GetEtag.tag: etag} if etag else {})
            try:
                if etag:
                    obj.delete(if_match=etag)
                else:
                    obj.delete()
            except daverror.NotFoundError:
                pass
        return _wrap(run)


    # -- Radicale's whole-collection upload (a first sync into an empty list) --------------
    def bulk_target(self):
        """On Radicale only (its PROPFIND names ``RADICALE:version``), and only while the list
        is empty: ``(the collection's ETag, its properties as XML elements to set again, its
        name)``; None otherwise (another server, an object in the list)."""
        def run():
            body = ('<?xml version="1.0" encoding="utf-8"?>'
                    '<D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>')
            response = self.client.request(str(self.calendar.url), "PROPFIND", body,
                                           {"Depth": "1"})
            if int(response.status) not in (200, 207) or response.tree is None:
                return None
            responses = list(response.tree.iter("{DAV:}response"))
            if len(responses) != 1:
                return None    # the list holds something: no whole upload
            found = {}
            for propstat in responses[0].iter("{DAV:}propstat"):
                status = propstat.find("{DAV:}status")
                if status is None or " 200 " not in (status.text or ""):
                    continue
                for prop in propstat.iter("{DAV:}prop"):
                    for element in prop:
                        found.setdefault(element.tag, element)
            if RADICALE_VERSION not in found or "{DAV:}getetag" not in found:
                return None
            etag = (found["{DAV:}getetag"].text or "").strip()
            props = [etree.tostring(element, encoding="unicode")
                     for tag, element in found.items() if tag not in LIVE_PROPS]
            name = found.get("{DAV:}displayname")
            return (etag, props, name.text if name is not None else None) if etag else None
        return _wrap(run)

    def put_whole(self, text, etag):
        """PUT a VCALENDAR of every object to the collection's own URL: Radicale replaces the
        collection with it in one request, If-Match its ETag (Conflict when anything changed
        since bulk_target read it). Not CalDAV: other servers refuse (Refused)."""
        def run():
            response = self.client.request(str(self.calendar.url), "PUT", text.encode("utf-8"), {
                "If-Match": etag, "Content-Type": "text/calendar; charset=utf-8"})
            _check(int(response.status), "412: the task list changed",
                   f"the server refused the whole upload ({response.status})", 300)
        return _wrap(run)

    def set_props(self, props):
        """PROPPATCH the collection's properties back (as bulk_target read them)."""
        def run():
            body = ('<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:">'
                    '<D:set><D:prop>' + "".join(props) + '</D:prop></D:set></D:propertyupdate>')
            response = self.client.request(str(self.calendar.url), "PROPPATCH", body)
            status = int(response.status)
            if status >= 500:
                raise Unreachable(f"server error {status}")
            if status >= 300:
                raise Refused(f"the server refused the list's properties ({status})")
        if props:
            _wrap(run)


RADICALE_VERSION = "{http://radicale.org/ns/}version"
# what Radicale computes (not stored, not to be set again)
LIVE_PROPS = {RADICALE_VERSION, "{DAV:}principal-collection-set", "{DAV:}current-user-principal",
              "{DAV:}current-user-privilege-set", "{DAV:}supported-report-set",
              "{DAV:}resourcetype", "{DAV:}owner", "{DAV:}getetag", "{DAV:}getlastmodified",
              "{DAV:}getcontenttype", "{DAV:}getcontentlength", "{DAV:}sync-token",
              "{http://calendarserver.org/ns/}getctag", "{DAV:}quota-available-bytes",
              "{DAV:}quota-used-bytes", "{DAV:}supportedlock", "{DAV:}lockdiscovery"}


def _name(calendar):
    try:
        return calendar.get_display_name()
    except Exception:
        try:
            return calendar.name
        except Exception:
            return None
