import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, recordId } from '../../../shared/common/fields.js';
import { acceptQuoteSchema, publicQuoteSchema, quoteListSchema, sendQuoteSchema } from '../../../shared/desking/quote.js';
import { dealWorksheetSchema } from '../../../shared/desking/types.js';
import { worksheetSaveSchema } from '../../../shared/desking/worksheet.js';
import { actorOf } from '../../auth/actor.js';
import { LINK_TOKEN } from '../../auth/link-token.js';
import type { AreaDeps } from '../../platform/area.js';
import { sendPdf } from '../../http/download.js';
import { originOf } from '../../http/origin.js';
import type { TypeProvider } from '../../http/serializer.js';
import {
  chooseOfferSchema,
  dealerOfferInputSchema,
  dealerOfferListSchema,
  dealerOfferUpdateSchema,
} from '../../../shared/desking/dealer-offers.js';
import { addDealerOffer, chooseDealerOffer, listDealerOffers, removeDealerOffer, updateDealerOffer } from './dealer-offers.js';
import { acceptQuote, listQuotes, publicQuote, publicQuotePdf, publicQuotePhoto, sendQuote, staffQuotePdf } from './quotes.js';
import { getWorksheet, saveWorksheet } from './service.js';

/** A malformed link answers 404 before anything else is read, as a link that names no quote. */
const tokenParams = z.object({ token: z.string().regex(LINK_TOKEN) });
const quoteParams = z.object({ id: recordId, quoteId: recordId });
const offerParams = z.object({ id: recordId, offerId: recordId });
const created = { 201: z.object({ id: z.string() }) };

/**
 * A deal's worksheet, read (or the draft it starts with) and saved, and its quotes, sent and listed, by whoever may
 * see and edit the deal; the customer's quote page, by its link alone.
 */
export async function deskingRoutes(app: FastifyInstance, { database, mailer, config, store }: AreaDeps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;
  const response = { 200: dealWorksheetSchema };
  r.get('/api/deals/:id/worksheet', { schema: { params: idParams, response } }, (request) =>
    getWorksheet(db, actorOf(request), request.params.id),
  );
  r.put('/api/deals/:id/worksheet', { schema: { params: idParams, body: worksheetSaveSchema, response } }, (request) =>
    saveWorksheet(db, actorOf(request), request.params.id, request.body),
  );

  r.get('/api/deals/:id/quotes', { schema: { params: idParams, response: { 200: quoteListSchema } } }, (request) =>
    listQuotes(db, actorOf(request), request.params.id),
  );
  r.post(
    '/api/deals/:id/quotes',
    { schema: { params: idParams, body: sendQuoteSchema, response: created } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendQuote(db, mailer, actorOf(request), request.params.id, request.body, originOf(config, request))),
  );
  r.get('/api/deals/:id/quotes/:quoteId/quote.pdf', { schema: { params: quoteParams } }, async (request, reply) =>
    sendPdf(
      reply,
      await staffQuotePdf(db, store, actorOf(request), request.params.id, request.params.quoteId),
      'quote.pdf',
      'attachment',
    ),
  );

  // A brokerage's offers from selling dealers for the deal's client.
  const offers = '/api/deals/:id/dealer-offers';
  r.get(offers, { schema: { params: idParams, response: { 200: dealerOfferListSchema } } }, (request) =>
    listDealerOffers(db, actorOf(request), request.params.id),
  );
  r.post(offers, { schema: { params: idParams, body: dealerOfferInputSchema, response: created } }, async (request, reply) =>
    reply.status(201).send(await addDealerOffer(db, actorOf(request), request.params.id, request.body)),
  );
  r.put(
    `${offers}/:offerId`,
    { schema: { params: offerParams, body: dealerOfferUpdateSchema, response: { 200: z.object({ id: z.string() }) } } },
    (request) => updateDealerOffer(db, actorOf(request), request.params.id, request.params.offerId, request.body),
  );
  r.delete(`${offers}/:offerId`, { schema: { params: offerParams } }, async (request, reply) => {
    await removeDealerOffer(db, actorOf(request), request.params.id, request.params.offerId);
    return reply.status(204).send();
  });
  r.post(
    `${offers}/:offerId/choose`,
    { schema: { params: offerParams, body: chooseOfferSchema, response: { 200: z.object({ id: z.string() }) } } },
    (request) => chooseDealerOffer(db, actorOf(request), request.params.id, request.params.offerId, request.body.decline_reason),
  );

  // The customer's link: no sign-in; the token is the key.
  const open = { config: { public: true } };
  r.get('/api/quotes/:token', { ...open, schema: { params: tokenParams, response: { 200: publicQuoteSchema } } }, (request) =>
    publicQuote(db, request.params.token),
  );
  r.get('/api/quotes/:token/quote.pdf', { ...open, schema: { params: tokenParams } }, async (request, reply) =>
    sendPdf(reply, await publicQuotePdf(db, store, request.params.token), 'quote.pdf'),
  );
  r.get('/api/quotes/:token/photo.jpg', { ...open, schema: { params: tokenParams } }, async (request, reply) =>
    reply
      .type('image/jpeg')
      .header('cache-control', 'private, max-age=3600')
      .send(await publicQuotePhoto(db, store, request.params.token)),
  );
  r.post(
    '/api/quotes/:token/accept',
    { ...open, schema: { params: tokenParams, body: acceptQuoteSchema, response: { 200: publicQuoteSchema } } },
    (request) =>
      acceptQuote(db, request.params.token, {
        option: request.body.option,
        address: request.ip,
        device: (request.headers['user-agent'] ?? 'unknown').slice(0, 300),
      }),
  );
}
