#include <dlfcn.h>
#include <postgresql/libpq-fe.h>

/// The libpq functions taskwire calls, resolved from a library opened at run time.
typedef struct TWLibPQ {
  __typeof__(PQconnectdb) *_Nonnull connectdb;
  __typeof__(PQsetNoticeProcessor) *_Nonnull setNoticeProcessor;
  __typeof__(PQfinish) *_Nonnull finish;
  __typeof__(PQstatus) *_Nonnull status;
  __typeof__(PQerrorMessage) *_Nonnull errorMessage;
  __typeof__(PQsocket) *_Nonnull socket;
  __typeof__(PQbackendPID) *_Nonnull backendPID;
  __typeof__(PQserverVersion) *_Nonnull serverVersion;
  __typeof__(PQreset) *_Nonnull reset;
  __typeof__(PQexec) *_Nonnull exec;
  __typeof__(PQprepare) *_Nonnull prepare;
  __typeof__(PQexecPrepared) *_Nonnull execPrepared;
  __typeof__(PQresultStatus) *_Nonnull resultStatus;
  __typeof__(PQresultErrorField) *_Nonnull resultErrorField;
  __typeof__(PQresultErrorMessage) *_Nonnull resultErrorMessage;
  __typeof__(PQclear) *_Nonnull clear;
  __typeof__(PQconsumeInput) *_Nonnull consumeInput;
  __typeof__(PQnotifies) *_Nonnull notifies;
  __typeof__(PQfreemem) *_Nonnull freemem;
  __typeof__(PQntuples) *_Nonnull ntuples;
  __typeof__(PQgetisnull) *_Nonnull getisnull;
  __typeof__(PQgetvalue) *_Nonnull getvalue;
  __typeof__(PQhost) *_Nonnull host;
  __typeof__(PQport) *_Nonnull port;
  __typeof__(PQuser) *_Nonnull user;
  __typeof__(PQdb) *_Nonnull db;
  __typeof__(PQconninfoParse) *_Nonnull conninfoParse;
  __typeof__(PQconninfoFree) *_Nonnull conninfoFree;
} TWLibPQ;

/// Fills `pq` from an opened libpq; returns the name of the first function it lacks, or NULL.
static inline const char *_Nullable tw_libpq_resolve(void *_Nonnull library, TWLibPQ *_Nonnull pq) {
#define TW_RESOLVE(field, name)                                  \
  if (!(*(void **)&pq->field = dlsym(library, name))) return name;
  TW_RESOLVE(connectdb, "PQconnectdb")
  TW_RESOLVE(setNoticeProcessor, "PQsetNoticeProcessor")
  TW_RESOLVE(finish, "PQfinish")
  TW_RESOLVE(status, "PQstatus")
  TW_RESOLVE(errorMessage, "PQerrorMessage")
  TW_RESOLVE(socket, "PQsocket")
  TW_RESOLVE(backendPID, "PQbackendPID")
  TW_RESOLVE(serverVersion, "PQserverVersion")
  TW_RESOLVE(reset, "PQreset")
  TW_RESOLVE(exec, "PQexec")
  TW_RESOLVE(prepare, "PQprepare")
  TW_RESOLVE(execPrepared, "PQexecPrepared")
  TW_RESOLVE(resultStatus, "PQresultStatus")
  TW_RESOLVE(resultErrorField, "PQresultErrorField")
  TW_RESOLVE(resultErrorMessage, "PQresultErrorMessage")
  TW_RESOLVE(clear, "PQclear")
  TW_RESOLVE(consumeInput, "PQconsumeInput")
  TW_RESOLVE(notifies, "PQnotifies")
  TW_RESOLVE(freemem, "PQfreemem")
  TW_RESOLVE(ntuples, "PQntuples")
  TW_RESOLVE(getisnull, "PQgetisnull")
  TW_RESOLVE(getvalue, "PQgetvalue")
  TW_RESOLVE(host, "PQhost")
  TW_RESOLVE(port, "PQport")
  TW_RESOLVE(user, "PQuser")
  TW_RESOLVE(db, "PQdb")
  TW_RESOLVE(conninfoParse, "PQconninfoParse")
  TW_RESOLVE(conninfoFree, "PQconninfoFree")
#undef TW_RESOLVE
  return NULL;
}
