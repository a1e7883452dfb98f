/*
 * http.h - `layoutd serve`: the engine on the network (libmicrohttpd).
 */
#ifndef LAYOUTD_HTTP_H
#define LAYOUTD_HTTP_H

int http_serve_main(int argc, char **argv);

#endif
