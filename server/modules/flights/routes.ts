import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_REASONS,
  batchFlightsRequestSchema,
  batchFlightsResponseSchema,
  createFlightRequestSchema,
  createFlightResponseSchema,
  type FlightListItem,
  flightDetailSchema,
  flightListSchema,
  flightSearchRequestSchema,
  flightStatsSchema,
  idParamSchema,
  MEMBER_LIMITS,
  successResponseSchema,
  userFlightsSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { acceptedEncodings, sendJsonPieces } from '../../plugins/compression';
import { createFlightService } from './service';

const tags = ['flights'];

/** HTTP shape only: validate, authorise (access + domain rules in the service), one call. */
export const flightRoutes: FastifyPluginAsyncZod = async (app) => {
  const flights = createFlightService(app.deps);

  app.get(
    '/api/flights',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Today's and the coming days' flights, with isJoined and crew/online counts",
        response: { 200: flightListSchema },
      },
    },
    async (request, reply) => {
      // Gzip here, not in the compression hook: the list is compressed once per snapshot, and
      // its shared part serialised once per cache lifetime, not per request.
      const accepted = acceptedEncodings(request.headers['accept-encoding']);
      const encoding = accepted.has('gzip') ? 'gzip' : null;
      const pieces = await flights.homeListJson(currentUser(request), encoding);
      // Already JSON bytes, which Fastify sends as they are; the route's type only knows objects.
      return sendJsonPieces(reply, pieces, accepted) as unknown as FlightListItem[];
    },
  );

  app.get(
    '/api/flights/stats',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Home header counters', response: { 200: flightStatsSchema } },
    },
    async () => flights.stats(),
  );

  app.post(
    '/api/flights/search',
    {
      config: { access: 'user', memberLimit: MEMBER_LIMITS.search },
      schema: {
        tags,
        summary: 'Search by flight number or airport, a day or a date filter mode',
        body: flightSearchRequestSchema,
        response: { 200: flightListSchema },
      },
    },
    async (request) => flights.search(currentUser(request), request.body),
  );

  app.get(
    '/api/flights/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A flight with its crew, presented for the viewer',
        params: idParamSchema,
        response: { 200: flightDetailSchema },
      },
    },
    async (request) => flights.detail(currentUser(request), request.params.id),
  );

  app.post(
    '/api/flights',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoAddFlights,
        memberLimit: MEMBER_LIMITS.joinLeave,
      },
      schema: {
        tags,
        summary: 'Find or create the flight and join it (201 new, 200 existing)',
        body: createFlightRequestSchema,
        response: { 200: createFlightResponseSchema, 201: createFlightResponseSchema },
      },
    },
    async (request, reply) => {
      const { created, flight } = await flights.addAndJoin(currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(flight);
    },
  );

  app.post(
    '/api/flights/batch',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoAddFlights,
        memberLimit: MEMBER_LIMITS.roster,
      },
      schema: {
        tags,
        summary: 'Add and join up to 200 flights (roster upload), one transaction per row',
        body: batchFlightsRequestSchema,
        response: { 200: batchFlightsResponseSchema },
      },
    },
    async (request) => flights.batch(currentUser(request), request.body.flights),
  );

  app.delete(
    '/api/flights/:id',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoDeleteFlight,
        memberLimit: MEMBER_LIMITS.joinLeave,
      },
      schema: {
        tags,
        summary: 'Delete a flight for all crew (admins; the first crew member while alone on it)',
        params: idParamSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await flights.remove(currentUser(request), request.params.id);
      return { success: true };
    },
  );

  app.get(
    '/api/user/flights',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The viewer's flights (My Flights), by departure",
        response: { 200: userFlightsSchema },
      },
    },
    async (request) => flights.userFlights(currentUser(request)),
  );
};
