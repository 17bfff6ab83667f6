import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CustomerFilter } from '../../../shared/customers/schemas.js';
import type { ConsentChannel } from '../../../shared/consent/schemas.js';
import type { Page } from '../../../shared/http/paging.js';
import { toWholeDollars } from '../../../shared/money.js';
import { offerCaption } from '../../../shared/offers/caption.js';
import { offerDollars, offerSavingsCents, type OfferContent } from '../../../shared/offers/content.js';
import { POST_NEEDS, type NotifyCustomersInput, type OfferRef } from '../../../shared/offers/schemas.js';
import type { AudienceCustomer, NotifyResult, OfferImage, SkipReason } from '../../../shared/offers/types.js';
import type { Actor } from '../../auth/actor.js';
import { inventoryVisibleTo, visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { decodeCursor, pageOf } from '../../http/paging.js';
import type { Mailer } from '../../mail/mailer.js';
import { pendingKey, type BlobStore } from '../../storage/blob-store.js';
import type { Spool } from '../../storage/spool.js';
import { hasTextingProvider } from '../texting/index.js';
import { recordAudit } from '../../platform/audit.js';
import { quietUntil, timeZoneOf } from '../consent/index.js';
import { latestConsent } from '../consent/index.js';
import { marketingMail } from '../consent/index.js';
import { afterCursor, cursorOf, matchesFilter, sortSpecs } from '../customers/index.js';
import { getSetting } from '../../platform/settings.js';
import { closeAnsweredLeadTasks } from '../tasks/index.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';
import { instagramAccountVisible } from './instagram.js';
import { vehicleName } from '../../../shared/vehicles/types.js';
import { coverPhoto } from '../vehicles/index.js';

type Db = Kysely<DB> | Transaction<DB>;

/** What an offer shows, from the vehicle or custom offer the actor may see. */
async function offerContent(db: Db, actor: Actor, ref: OfferRef): Promise<OfferContent & { is_custom: boolean }> {
  if (ref.vehicle_id) {
    const vehicle = await db
      .selectFrom('vehicles')
      .select(['make', 'model', 'year', 'price_cents', 'mileage', 'color', 'features'])
      .where('id', '=', ref.vehicle_id)
      .where(inventoryVisibleTo(actor, 'vehicles.user_id'))
      .executeTakeFirst();
    if (!vehicle) throw notFound('Vehicle');
    return { ...vehicle, original_price_cents: null, is_custom: false };
  }
  const offer = await db
    .selectFrom('custom_offers')
    .select(['make', 'model', 'year', 'price_cents', 'original_price_cents', 'mileage', 'color', 'features'])
    .where('id', '=', ref.custom_offer_id!)
    .where(visibleTo(actor, 'custom_offers.user_id'))
    .executeTakeFirst();
  if (!offer) throw notFound('Offer');
  return { ...offer, is_custom: true };
}

/** The vehicle as the webhook payloads carry it: whole dollars, as the spec's offers hold them. */
const payloadVehicle = (offer: OfferContent & { is_custom: boolean }) => ({
  make: offer.make,
  model: offer.model,
  year: offer.year,
  price: toWholeDollars(offer.price_cents),
  original_price: offer.original_price_cents === null ? null : toWholeDollars(offer.original_price_cents),
  mileage: offer.mileage,
  color: offer.color,
  features: offer.features,
  is_custom: offer.is_custom,
});

const imagePath = (token: string) => `/api/offer-images/${token}.png`;

type ImageDeps = { store: BlobStore; spool: Spool; instanceId: string; origin: string };

/**
 * Draws the offer's 1080 × 1080 image and keeps it, with its caption, at an unguessable public address (the spec's
 * image_url) that Instagram and the customers' mail programs fetch.
 */
export async function generateOfferImage(db: Kysely<DB>, actor: Actor, ref: OfferRef, deps: ImageDeps): Promise<OfferImage> {
  const offer = await offerContent(db, actor, ref);
  const company = await getSetting(db, 'company');
  // satori and resvg are loaded on the first image, not at start-up.
  const { renderOfferImage } = await import('../../render/offer-image.js');
  // A vehicle's offer is drawn over its cover photo.
  const cover = ref.vehicle_id ? await coverPhoto(db, deps.store, ref.vehicle_id) : null;
  const png = await renderOfferImage(offer, { companyName: company.name }, cover);
  const token = crypto.randomBytes(32).toString('base64url');
  const key = `offer-images/${token}.png`;
  const file = deps.spool.file();
  await fs.writeFile(file, png);
  const pending = pendingKey(deps.instanceId, key);
  try {
    await deps.store.put(pending, { path: file, size: png.length, contentType: 'image/png' });
  } finally {
    await fs.rm(file, { force: true });
  }
  const { is_custom: _custom, ...content } = offer;
  const caption = offerCaption(content);
  let row: Pick<Row<'offer_images'>, 'id' | 'created_at'>;
  try {
    row = await db
      .insertInto('offer_images')
      .values({
        token,
        storage_key: key,
        vehicle_id: ref.vehicle_id ?? null,
        custom_offer_id: ref.custom_offer_id ?? null,
        caption,
        offer: JSON.stringify(content),
        created_by: actor.userId,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    await deps.store.remove(pending).catch(() => undefined);
    throw error;
  }
  // A failed move leaves the image under its pending key, which the blob sweep moves (the row names it).
  await deps.store.move(pending, key).catch(() => undefined);
  return {
    id: row.id,
    url: `${deps.origin}${imagePath(token)}`,
    caption,
    offer: content,
    created_at: row.created_at.toISOString(),
  };
}

/** The stored image of a public address, or undefined. */
export async function offerImageByToken(db: Kysely<DB>, token: string) {
  return db.selectFrom('offer_images').select(['storage_key']).where('token', '=', token).executeTakeFirst();
}

/** Which of these storage keys an offer image names, for the blob sweep. */
export async function referencedOfferImageKeys(db: Kysely<DB>, keys: string[]): Promise<Set<string>> {
  const images = keys.filter((key) => key.startsWith('offer-images/'));
  if (images.length === 0) return new Set();
  const rows = await db.selectFrom('offer_images').select('storage_key').where('storage_key', 'in', images).execute();
  return new Set(rows.map((r) => r.storage_key));
}

/** An image the actor made, or any for those who see every record. */
async function imageFor(db: Db, actor: Actor, id: string) {
  const image = await db
    .selectFrom('offer_images')
    .select(['id', 'token', 'caption', 'offer', 'vehicle_id', 'custom_offer_id'])
    .where('id', '=', id)
    .where(visibleTo(actor, 'offer_images.created_by'))
    .executeTakeFirst();
  if (!image) throw notFound('Image');
  return image;
}

/** Schedules the Instagram post through the post_instagram webhook: the spec's vehicle, account, caption and image_url. */
export async function postToInstagram(
  db: Kysely<DB>,
  sender: WebhookSender,
  actor: Actor,
  input: { image_id: string; account_id: string },
  origin: string,
): Promise<{ delivery_id: string }> {
  return db.transaction().execute(async (tx) => {
    const image = await imageFor(tx, actor, input.image_id);
    const account = await tx
      .selectFrom('instagram_accounts')
      .select(['id', 'username', 'type', 'is_connected'])
      .where('id', '=', input.account_id)
      .where(instagramAccountVisible(actor))
      .executeTakeFirst();
    if (!account) throw notFound('Instagram account');
    if (!account.is_connected) throw badRequest(`Connect @${account.username} before posting to it`);
    const offer = image.offer as OfferContent;
    const id = await sender.queue(
      tx,
      'post_instagram',
      {
        vehicle: payloadVehicle({ ...offer, is_custom: image.custom_offer_id !== null }),
        instagram_account: { id: account.id, username: account.username, type: account.type },
        caption: image.caption,
        image_url: `${origin}${imagePath(image.token)}`,
      },
      actor.userId,
    );
    if (!id) throw badRequest(POST_NEEDS);
    return { delivery_id: id };
  });
}

/**
 * The customers to offer to, by name or e-mail, with the channel's consent: the spec's notification customer (status
 * 'past' for an inactive customer; last contact the newest e-mail with them).
 */
export async function listAudience(
  db: Kysely<DB>,
  actor: Actor,
  query: { q: string; channel: ConsentChannel; limit: number; cursor: string | null },
): Promise<Page<AudienceCustomer>> {
  const spec = sortSpecs.name_asc;
  const cursor = decodeCursor(query.cursor ?? undefined, 2);
  const filter = { q: query.q || undefined } as CustomerFilter;
  const rows = await db
    .selectFrom('customers')
    .select([
      'id',
      'name',
      'email',
      'phone',
      'preferred_cars',
      'status',
      'created_at',
      sql<Date | null>`(SELECT max(e.created_at) FROM emails e WHERE e.customer_id = customers.id)`.as('last_contact'),
    ])
    .where((eb) => matchesFilter(eb, actor, filter))
    .$if(cursor !== null, (qb) => qb.where(afterCursor(spec, cursor!)))
    .orderBy('name')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(rows, query.limit, (row) => cursorOf(spec, row));
  const consent = await latestConsent(
    db,
    page.items.map((row) => row.id),
    query.channel,
  );
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      preferences: row.preferred_cars,
      last_contact: row.last_contact ? new Date(row.last_contact).toISOString() : null,
      status: row.status === 'inactive' ? 'past' : 'active',
      consent: consent.get(row.id) ?? null,
    })),
  };
}

type NotifyDeps = { mailer: Mailer; sender: WebhookSender; secret: string; origin: string; now?: Date };

/**
 * Sends the offer to the chosen customers on one channel, to those whose latest consent on it is an opt-in only; the
 * others are counted by reason. E-mail leaves through Torque's mail server as marketing (unsubscribe link and
 * one-click header) and is kept in Sent mail; SMS leave through the texting provider (Twilio) when one is set, one
 * text per customer, and through the SMS offers webhook when it is set, each customer's text held until 8 am where
 * they are when it is between 9 pm and 8 am there. Each customer's timeline records the offer.
 */
export async function notifyCustomers(
  db: Kysely<DB>,
  actor: Actor,
  input: NotifyCustomersInput,
  deps: NotifyDeps,
): Promise<NotifyResult> {
  const now = deps.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    const offer = await offerContent(tx, actor, input.offer);
    const image = input.image_id ? await imageFor(tx, actor, input.image_id) : null;
    const imageUrl = image ? `${deps.origin}${imagePath(image.token)}` : null;
    const ids = [...new Set(input.customer_ids)];
    const customers = await tx
      .selectFrom('customers')
      .select(['id', 'name', 'email', 'phone', 'location'])
      .where('id', 'in', ids)
      .where(visibleTo(actor, 'customers.user_id'))
      .execute();
    if (customers.length !== ids.length) throw notFound('Customer');
    const consent = await latestConsent(tx, ids, input.channel);
    const skipped = new Map<SkipReason, number>();
    const skip = (reason: SkipReason) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
    const reachable = customers.filter((customer) => {
      const address = input.channel === 'email' ? customer.email : customer.phone;
      const status = consent.get(customer.id);
      if (!address) skip('no_address');
      else if (status === 'opted_out') skip('opted_out');
      else if (status !== 'opted_in') skip('no_consent');
      return Boolean(address) && status === 'opted_in';
    });
    const company = await getSetting(tx, 'company');
    const title = vehicleName(offer);
    const savings = offerSavingsCents(offer);
    const headline = `${title} for ${offerDollars(offer.price_cents)}${savings ? ` (save ${offerDollars(savings)})` : ''}`;
    let held = 0;

    if (input.channel === 'email') {
      const { is_custom: _custom, ...content } = offer;
      const caption = image?.caption ?? offerCaption(content);
      for (const customer of reachable) {
        const text = `Hi ${customer.name},\n\n${caption}${imageUrl ? `\n\nSee the offer: ${imageUrl}` : ''}`;
        const subject = `${company.name}: ${headline}`;
        const mail = await marketingMail(tx, { secret: deps.secret, origin: deps.origin }, customer.id, {
          to: customer.email!,
          subject,
          text,
        });
        const outboxId = await deps.mailer.queue(tx, mail, actor.userId);
        await tx
          .insertInto('emails')
          .values({
            direction: 'outbound',
            customer_id: customer.id,
            from_address: actor.email,
            to_address: customer.email!,
            subject,
            body: text,
            is_read: true,
            sent_by: actor.userId,
            outbox_id: outboxId,
          })
          .execute();
      }
      if (reachable.length > 0) {
        await deps.sender.queue(
          tx,
          'send_email_offers',
          { vehicle: payloadVehicle(offer), customers: reachable.map(({ id, name, email }) => ({ id, name, email })) },
          actor.userId,
        );
      }
    } else {
      const endpoint = await tx
        .selectFrom('webhook_endpoints')
        .select('event')
        .where('event', '=', 'send_sms_offers')
        .executeTakeFirst();
      const provider = await hasTextingProvider(tx);
      if (!endpoint && !provider) {
        throw badRequest('An admin must set the SMS offers webhook in Settings before texts can be sent');
      }
      const message = `${company.name}: ${headline}.${imageUrl ? ` ${imageUrl}` : ''} Reply STOP to opt out.`;
      // One moment each text may leave: now, or 8 am in each time zone that is in its quiet hours.
      const byMoment = new Map<string, typeof reachable>();
      for (const customer of reachable) {
        const until = quietUntil(now, await timeZoneOf(customer.location, company.time_zone));
        if (until) held++;
        const moment = until ? until.toISOString() : '';
        byMoment.set(moment, [...(byMoment.get(moment) ?? []), customer]);
      }
      for (const [moment, group] of byMoment) {
        const sendAfter = moment ? new Date(moment) : undefined;
        // With a texting provider each customer's text is Torque's to send, kept in the outbox; the webhook, when
        // set, is told of the offer as it is of e-mail offers.
        if (provider)
          for (const customer of group)
            await deps.sender.queueSms(tx, { to: customer.phone!, text: message }, actor.userId, { sendAfter });
        if (endpoint) {
          await deps.sender.queue(
            tx,
            'send_sms_offers',
            { vehicle: payloadVehicle(offer), customers: group.map(({ id, name, phone }) => ({ id, name, phone })), message },
            actor.userId,
            { sendAfter },
          );
        }
      }
    }

    for (const customer of reachable) {
      await recordAudit(tx, actor, {
        entityType: 'customer',
        entityId: customer.id,
        action: 'offer_sent',
        changes: { channel: input.channel, offer: title, ...(imageUrl ? { image_url: imageUrl } : {}) },
      });
    }
    // An offer to a lead's customer is the lead's first answer (migration 025's trigger) and closes its first-response task.
    await closeAnsweredLeadTasks(
      tx,
      actor,
      reachable.map((customer) => customer.id),
    );
    return {
      channel: input.channel,
      sent: reachable.length - held,
      held_for_quiet_hours: held,
      skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    };
  });
}
