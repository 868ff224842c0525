/**
 * `GET /api/coffee/home/business?timeZone=`: the business at a glance (issue 17 point 6). Each part
 * is null when the user may not list what it counts (machines, production records, orders, faults,
 * channels); days are the user's time zone's.
 */
import { z } from 'zod';
import { idAnswer, instantAnswer, moneyAnswer } from './envelope.ts';

const count = z.number().int();

export const homeBusinessAnswer = z.object({
  /** The zone the days were counted in, and today's date there (YYYY-MM-DD). */
  timeZone: z.string(),
  today: z.string(),
  /** The machines by the states fleet derives (the device list's counters). */
  machines: z
    .object({
      all: count,
      online: count,
      offline: count,
      alarm: count,
      locked: count,
      shortage: count,
      maintenance: count,
    })
    .nullable(),
  /**
   * Cups made (completed) today and on the same weekday last week up to this time of day; bad cups
   * among all cups reported today, and their share (null with no cup today).
   */
  cups: z
    .object({
      today: count,
      lastWeek: count,
      reportedToday: count,
      badToday: count,
      badCupRate: z.number().nullable(),
    })
    .nullable(),
  /** Paid, processing and completed orders' payments less refunds, one entry per currency. */
  revenue: z
    .array(
      z.object({
        currency: z.string(),
        today: moneyAnswer,
        lastWeek: moneyAnswer,
        ordersToday: count,
        ordersLastWeek: count,
      }),
    )
    .nullable(),
  /** Faults still active: how many, and the latest few. */
  faults: z
    .object({
      open: count,
      latest: z.array(
        z.object({
          id: idAnswer,
          deviceId: idAnswer,
          deviceName: z.string().nullable(),
          automation: z.string().nullable(),
          code: z.string(),
          message: z.string().nullable(),
          severity: z.string().nullable(),
          raisedAt: instantAnswer,
        }),
      ),
    })
    .nullable(),
  /** Channels below their low level: how many, and the emptiest few. */
  channels: z
    .object({
      low: count,
      latest: z.array(
        z.object({
          id: idAnswer,
          deviceId: idAnswer,
          deviceName: z.string().nullable(),
          channelNumber: count,
          name: z.string(),
          material: z.string().nullable(),
          levelG: z.number(),
          lowLevelG: z.number(),
          capacityG: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type HomeBusiness = z.infer<typeof homeBusinessAnswer>;
