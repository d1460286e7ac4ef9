/**
 * The text of the error table's RequestFailed (the web client's own failure: no answer, or one
 * without a body), in its own module so the HTTP client of both apps reads it without carrying
 * the whole table into every first load (the members' sign-in page among them).
 */
export const requestFailedText = 'Ocorreu um erro ao processar a requisição.';
