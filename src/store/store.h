/*
 * store.h - the SQLite store: the analysis cache and the registry of named,
 * immutable layout versions, and API tokens.  Owned by src/store/.
 */
#ifndef LAYOUTD_STORE_H
#define LAYOUTD_STORE_H
#endif
