/**
 * Entry point of the api's request thread (a Piscina worker, `RequestThread`): each export is a
 * task, run by name. Errors meant for the client come back as data, because an exception crossing
 * the thread boundary loses its class and so its HTTP status.
 */
export { normalize } from '../positions/normalizer/normalize.thread';
export { readKataGo } from '../katago/katago-read';
