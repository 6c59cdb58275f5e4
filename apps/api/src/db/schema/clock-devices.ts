import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { sites } from './sites';

/**
 * A clock device (ZKTeco ADMS "iclock" terminal) registered to a site. A serial is registered once per
 * company, not across the system: another company's registrations must neither block nor be revealed
 * by one's own (anyone can read a serial off a device). A device request reaches a registration by its
 * key (unique: it names one registration) or, without a key, by a serial only one company registered
 * and from that registration's allowed networks (clock-devices.service.ts, `identify`).
 */
export const clockDevices = pgTable(
  'clock_devices',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    serial: text('serial').notNull(),
    nombre: text('nombre').notNull(),
    siteId: uuid('site_id').notNull(),
    active: boolean('active').notNull().default(true),
    lastContactAt: instant('last_contact_at'),
    lastIp: text('last_ip'),
    lastUploadAt: instant('last_upload_at'),
    /** The `Stamp` of the device's last ATTLOG/OPERLOG upload, echoed in the handshake so it sends only newer logs. */
    attlogStamp: text('attlog_stamp'),
    operlogStamp: text('operlog_stamp'),
    /** Attendance lines received, resent and refused ones included. */
    recordsReceived: integer('records_received').notNull().default(0),
    /** SHA-256 of the device's key (the path `/r/<key>/iclock/…` it is configured with); null = no key. */
    keyHash: text('key_hash'),
    /** Source networks (CIDR) the device may call from; empty = any. A device needs a key, networks or both. */
    allowedNetworks: text('allowed_networks').array().notNull().default(sql`'{}'::text[]`),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'clock_devices_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('clock_devices_company_serial_key').on(t.companyId, t.serial),
    // The device-facing look-ups, before any company is known: by serial (unkeyed) and by key hash.
    index('clock_devices_serial_idx').on(t.serial),
    uniqueIndex('clock_devices_key_hash_key').on(t.keyHash),
    index('clock_devices_site_idx').on(t.companyId, t.siteId),
    foreignKey({ name: 'clock_devices_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    foreignKey({ name: 'clock_devices_site_fk', columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
  ],
);
