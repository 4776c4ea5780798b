/**
 * How a command's refusal becomes an HTTP answer: a decider or a route refuses with a code
 * (`Refusal`), and the route's contract (@ghg/api) gives the status — its own error table, then
 * the shared one. `HttpError` is an answer whose status is fixed where it is made (a body or an
 * event too large). The body always carries the code, which the web app translates; `message` is
 * the English text (the product's own wording, word for word, where it fixes one, e.g. 'invalid args').
 */
export { HttpError, Refusal, invalidArgs, fieldsOf, parseArgs } from '@ghg/api';
