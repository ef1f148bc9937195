"""A VTODO's UID and its task's ``uuid``: the UID minted for a task made in taskwire, and the
uuid of a UID made elsewhere (the same on every bridge, with or without its state)."""

import uuid as uuidlib


def mint_uid(task):
    """The UID for a task made in taskwire: its ``uuid`` when the server gives one."""
    return task.get("uuid") or str(uuidlib.uuid4())


# The namespace of the uuids of UIDs that are not UUIDs (uuid5 of the UID's text): fixed, so that
# every bridge, with or without its state, gives a VTODO's task the same uuid (Protocol/caldav.md).
UID_NAMESPACE = uuidlib.UUID("3d0b7a52-6c1e-5f0a-9a4e-7461736b7769")


def uid_uuid(uid):
    """The taskwire ``uuid`` of a VTODO's UID: the UID itself when it is a UUID (any case, with
    or without braces or a urn:uuid: prefix: lowercase 8-4-4-4-12), else uuid5(UID_NAMESPACE,
    UID)."""
    text = str(uid).strip()
    try:
        return str(uuidlib.UUID(text))
    except ValueError:
        return str(uuidlib.uuid5(UID_NAMESPACE, str(uid)))
