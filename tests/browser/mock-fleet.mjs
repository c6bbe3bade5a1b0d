// The fleet part of the mock host (issue 5): vehicles, drivers, groups, devices, sensors, firmware and upgrade tasks,
// tags and the catalogues, in memory and shaped like the real server's answers (server/domain/src/vehicle,
// device). Enough for the console's fleet screens and tests/browser/fleet.test.mjs in mock mode; the rules (scope,
// uniqueness, imports) are the real server's business and only sketched here.

/** `handle(call, body)` answers a fleet call, or null when the call is not a fleet call. */
export function createFleetMock({ ok, fail, page, like, enterprise }) {
  let nextId = 1;
  const ms = () => Date.now();
  const vehicles = [];
  const wheels = new Map();
  const drivers = [];
  const swaps = [];
  const groups = [{ ID: 1, entId: enterprise.id, entName: enterprise.name, name: '一队', remark: '', sort: 0, userIds: [], userCount: 0, vehicleCount: 0 }];
  const devices = [];
  const sensors = [];
  const firmware = [];
  const tasks = [];
  const tags = [];
  const carBrands = [{ id: 1, entId: null, name: '解放', logo: '', sort: 0, series: [{ id: 2, brandId: 1, entId: null, name: 'J6P', sort: 0 }] }];
  const carClasses = [{ id: 1, entId: null, name: '6×4 牵引车', kind: 0, axleLayout: '2,4,4', deviceTypeId: 1, sort: 0 }];
  const tyreBrands = [{ id: 1, entId: null, name: '米其林', logo: '', sort: 0, tyreCount: 0 }];
  const tyres = [];

  const layoutOk = (s) => /^[1-8](,[1-8]){0,8}$/.test(String(s ?? '').replace(/\s/g, ''));
  const positions = (layout) => layout.split(',').flatMap((n, a) => Array.from({ length: Number(n) }, (_, w) => ({ position: (a + 1) * 10 + w + 1, axle: a + 1 })));
  const row = (v) => {
    const device = devices.find((d) => d.vehicleId === v.carId);
    return { ...v, entName: enterprise.name, groupName: groups.find((g) => g.ID === v.groupId)?.name ?? '', trailerPlate: vehicles.find((t) => t.carId === v.trailerId)?.plate ?? '', imei: device?.imei ?? '', isAlarm: false, offline: true, speed: 0, finalTime: null };
  };
  const detail = (v) => {
    const device = devices.find((d) => d.vehicleId === v.carId);
    return {
      ...row(v),
      tractorId: vehicles.find((t) => t.trailerId === v.carId)?.carId ?? null,
      headImgUrl: '',
      powerSupply: 0,
      recharge: false,
      editable: true,
      drivers: drivers.filter((d) => d.carIds.includes(v.carId)).map((d) => ({ id: d.id, name: d.name, phone: `${d.phone.slice(0, 3)}****${d.phone.slice(-4)}` })),
      memberIds: [],
      device: device ? { id: device.id, imei: device.imei, sn: device.sn ?? '', partNo: device.partNo, version: device.version, online: false, heartbeat: null } : null,
      wheels: wheels.get(v.carId) ?? [],
      state: null,
      updated: v.created,
    };
  };
  const saveVehicle = (b) => {
    const plate = String(b.plate ?? '').trim();
    const existing = b.carId ? vehicles.find((v) => v.carId === b.carId) : null;
    if (b.carId && !existing) return fail('没有该车辆');
    if (!existing && !plate) return fail('plate 不能为空');
    if (plate && vehicles.some((v) => v.plate === plate && v !== existing)) return fail(`车牌号 ${plate} 已存在`);
    if (b.axleLayout !== undefined && !layoutOk(b.axleLayout)) return fail('axleLayout 格式不正确');
    const v = existing ?? { carId: nextId++, enterpriseId: b.entId ?? enterprise.id, vin: '', kind: 0, groupId: null, trailerId: null, axleLayout: '2,4,4', deviceTypeId: 0, installState: 0, attention: false, created: ms(), brandId: null, seriesId: null, classId: null, remark: '' };
    for (const k of ['plate', 'vin', 'kind', 'groupId', 'trailerId', 'axleLayout', 'installState', 'remark']) if (b[k] !== undefined) v[k] = k === 'plate' ? plate : b[k];
    if (!existing) vehicles.push(v);
    if (b.axleLayout !== undefined || !existing) wheels.set(v.carId, positions(v.axleLayout).map((p) => ({ ...p, tyreId: null, sensorNo: null, sensorKind: null, pressure: null, temp: null, battery: null, status: 0, readAt: null })));
    if (Array.isArray(b.driverIds)) for (const d of drivers) d.carIds = b.driverIds.includes(d.id) ? [...new Set([...d.carIds, v.carId])] : d.carIds.filter((id) => id !== v.carId);
    return ok(detail(v));
  };
  const vehicleByBody = (b) => vehicles.find((v) => v.carId === Number(b.carId ?? b.id));
  const csvRows = (raw) => {
    const text = /name="file"[^\r\n]*\r\n(?:Content-Type:[^\r\n]*\r\n)?\r\n([\s\S]*?)\r\n--/.exec(raw)?.[1] ?? '';
    const table = /name="table"\r\n\r\n([^\r\n]*)/.exec(raw)?.[1] ?? '';
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
    const split = (l) => [...l.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1);
    const [head = [], ...rows] = lines.map(split);
    const keys = head.map((h) => h.replace(/[_\s-]/g, '').toLowerCase());
    return { table, rows: rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i] ?? '']))) };
  };

  // synthetic vehicles for the map (test hook /__mock/fleet?n=): watchList4 entries with positions across China
  const synthetic = [];
  const synthesize = (n) => {
    let seed = 42 + synthetic.length;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let k = 0; k < n; k++) {
      const i = 1_000_000 + synthetic.length;
      const r = rnd();
      synthetic.push({
        i,
        p: `测${String(i).slice(-5)}`,
        e: enterprise.id,
        ...(r < 0.05 ? { a: 1, ay: 1 + (i % 14), al: 1 + (i % 2) } : r < 0.15 ? { o: 1 } : {}),
        ...(i % 50 === 0 ? { at: 1 } : {}),
        gp: { t: ms(), la: Number((22 + rnd() * 18).toFixed(6)), lo: Number((100 + rnd() * 22).toFixed(6)), s: r > 0.5 ? Math.round(rnd() * 90) : 0, di: 0 },
      });
    }
    return n;
  };

  function handle(call, b) {
    switch (call) {
      case 'POST /api/web/car/list': {
        const list = vehicles
          .filter((v) => like(v.plate, b.keyword) && (b.kind === undefined || v.kind === b.kind) && (b.installState === undefined || v.installState === b.installState) && (b.groupId === undefined || v.groupId === b.groupId))
          .filter((v) => b.state !== 'followed' || v.attention)
          .map(row);
        return ok(page(list, b));
      }
      case 'POST /api/web/car/statistics':
        return ok({
          all: vehicles.length + synthetic.length,
          alarm: synthetic.filter((e) => e.a).length,
          offline: vehicles.length + synthetic.filter((e) => e.o).length,
          online: synthetic.filter((e) => !e.o).length,
          driving: synthetic.filter((e) => !e.o && e.gp.s > 0).length,
          parked: synthetic.filter((e) => !e.o && !e.a && e.gp.s === 0).length,
          followed: vehicles.filter((v) => v.attention).length + synthetic.filter((e) => e.at).length,
          notInstalled: vehicles.filter((v) => v.installState === 0).length,
          closed: 0,
        });
      case 'POST /api/web/car/watchList4':
        return ok({ deviceList: [...vehicles.map((v) => ({ i: v.carId, p: v.plate, e: v.enterpriseId, o: 1, ...(v.attention ? { at: 1 } : {}) })), ...synthetic], total: vehicles.length + synthetic.length, at: ms() });
      case 'POST /api/web/car/updateCarInfo':
        return saveVehicle(b);
      case 'POST /api/web/car/carInfo': {
        const e = synthetic.find((x) => x.i === Number(b.carId));
        if (e) return ok(detail({ carId: e.i, plate: e.p, enterpriseId: e.e, vin: '', kind: 0, groupId: null, trailerId: null, axleLayout: '2,4', deviceTypeId: 0, installState: 1, attention: Boolean(e.at), created: ms() }));
        const v = vehicleByBody(b);
        return v ? ok(detail(v)) : fail('没有该车辆');
      }
      case 'POST /api/web/car/getSensor': {
        if (synthetic.some((x) => x.i === Number(b.carId))) return ok(positions('2,4').map((p) => ({ ...p, tyreId: null, sensorNo: `s${p.position}`, sensorKind: 1, pressure: 8.2, temp: 35, battery: 90, status: 0, readAt: ms() })));
        const v = vehicleByBody(b);
        return v ? ok(wheels.get(v.carId) ?? []) : fail('没有该车辆');
      }
      case 'POST /api/web/car/delCar': {
        const ids = b.carIds ?? [];
        for (const id of ids) vehicles.splice(vehicles.findIndex((v) => v.carId === id), 1);
        return ok({ affected: ids.length });
      }
      case 'POST /api/web/car/attention': {
        const v = vehicleByBody(b);
        if (!v) return fail('没有该车辆');
        v.attention = Boolean(b.attention);
        return ok({});
      }
      case 'POST /api/web/car/set_install':
        for (const v of vehicles) if ((b.carIds ?? []).includes(v.carId)) v.installState = b.installState;
        return ok({ affected: (b.carIds ?? []).length });
      case 'POST /api/web/car/transfer':
        return fail('演示环境只有一个企业');
      case 'POST /api/web/car/updateImei': {
        const v = vehicleByBody(b);
        if (!v) return fail('没有该车辆');
        for (const d of devices) if (d.vehicleId === v.carId) d.vehicleId = null;
        if (b.imei) {
          const d = devices.find((x) => x.imei === b.imei);
          if (!d) return fail(`没有 IMEI 为 ${b.imei} 的设备`);
          d.vehicleId = v.carId;
        }
        return ok({});
      }
      case 'POST /api/web/car/trailerChange': {
        const v = vehicleByBody(b);
        if (!v) return fail('没有该车辆');
        swaps.unshift({ id: nextId++, enterpriseId: enterprise.id, tractorId: v.carId, tractorPlate: v.plate, fromTrailerId: v.trailerId, fromPlate: vehicles.find((t) => t.carId === v.trailerId)?.plate ?? '', toTrailerId: b.trailerId ?? null, toPlate: vehicles.find((t) => t.carId === b.trailerId)?.plate ?? '', operatorId: 1, address: '', lat: null, lon: null, created: ms() });
        v.trailerId = b.trailerId ?? null;
        return ok({});
      }
      case 'POST /api/web/car/exchangeTrailer': {
        const a = vehicleByBody(b);
        const other = vehicles.find((v) => v.carId === b.otherCarId);
        if (!a || !other) return fail('没有该车辆');
        [a.trailerId, other.trailerId] = [other.trailerId, a.trailerId];
        return ok({});
      }
      case 'POST /api/web/car/trailerList':
        return ok(page(swaps.filter((s) => like(s.tractorPlate, b.plate)), b));
      case 'POST /api/web/car/driverList':
        return ok(page(drivers.filter((d) => like(d.name, b.keyword) || like(d.phone, b.keyword)).map((d) => ({ ...d, phone: b.edit ? d.phone : `${d.phone.slice(0, 3)}****${d.phone.slice(-4)}`, plates: d.carIds.map((id) => vehicles.find((v) => v.carId === id)?.plate ?? '') })), b));
      case 'POST /api/web/car/update_driver': {
        if (b.delete) {
          for (const id of b.ids ?? []) drivers.splice(drivers.findIndex((d) => d.id === id), 1);
          return ok({});
        }
        const d = b.id ? drivers.find((x) => x.id === b.id) : { id: nextId++, entId: enterprise.id, entName: enterprise.name, license: '', remark: '', carIds: [], created: ms() };
        if (!d) return fail('没有该司机');
        Object.assign(d, Object.fromEntries(Object.entries({ name: b.name, phone: b.phone, license: b.license, remark: b.remark, carIds: b.carIds }).filter(([, val]) => val !== undefined)));
        if (!b.id) drivers.push(d);
        return ok({});
      }
      case 'POST /api/web/group/groupList':
        return ok(page(groups, b));
      case 'POST /api/web/tool/csv': {
        const { table, rows } = csvRows(b.raw ?? '');
        if (table !== 'vehicles') return fail(`无法导入到 ${table}`);
        const errors = [];
        rows.forEach((r, i) => {
          if (!r.plate) errors.push({ row: i + 2, column: 'plate', message: '不能为空' });
          if (!['0', '1', '2', '3'].includes(r.kind ?? '0')) errors.push({ row: i + 2, column: 'kind', message: 'kind 只能是 0–3' });
          if (!layoutOk(r.axlelayout)) errors.push({ row: i + 2, column: 'axleLayout', message: '轴型格式不正确' });
        });
        if (errors.length > 0) return fail(`导入失败：${new Set(errors.map((e) => e.row)).size} 行共 ${errors.length} 处错误，未写入任何数据`, errors);
        for (const r of rows) saveVehicle({ plate: r.plate, kind: Number(r.kind ?? 0), axleLayout: r.axlelayout });
        return ok({ table, inserted: rows.length });
      }
      case 'POST /api/web/device/list':
        return ok(page(devices.filter((d) => like(d.imei, b.keyword) && (b.kind === undefined || d.kind === b.kind) && (!b.partNo || d.partNo === b.partNo)).map((d) => ({ ...d, plate: vehicles.find((v) => v.carId === d.vehicleId)?.plate ?? null })), b));
      case 'POST /api/web/device/imei': {
        if (!/^\d{6,32}$/.test(String(b.imei ?? ''))) return fail('imei 格式不正确');
        if (devices.some((d) => d.imei === b.imei && d.id !== b.id)) return fail(`IMEI ${b.imei} 已存在`);
        const d = b.id ? devices.find((x) => x.id === b.id) : { id: nextId++, sn: null, partNo: '', version: '', iccid: '', carrier: '', carrierName: '', kind: 0, parentId: null, parentImei: null, repeaters: 0, entId: enterprise.id, entName: enterprise.name, vehicleId: null, heartbeatAt: null, online: false, white: false, tags: [], remark: '', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
        Object.assign(d, Object.fromEntries(Object.entries({ imei: b.imei, sn: b.sn || null, partNo: b.partNo, version: b.version, iccid: b.iccid, kind: b.kind, remark: b.remark }).filter(([, val]) => val !== undefined)));
        if (!b.id) devices.push(d);
        return ok(d);
      }
      case 'POST /api/web/device/sensor_list':
        return ok(page(sensors.filter((s) => like(s.sensorNo, b.keyword)), b));
      case 'POST /api/web/device/change_tie': {
        const d = devices.find((x) => x.imei === b.imei);
        if (!d?.vehicleId) return fail('接收器未绑定车辆');
        const s = sensors.find((x) => x.sensorNo === b.sensorNo) ?? { id: nextId++, sensorNo: b.sensorNo, kind: b.kind ?? 1, battery: null, entId: enterprise.id, entName: enterprise.name, pressure: null, temp: null, readAt: null, createdAt: new Date().toISOString() };
        Object.assign(s, { deviceId: d.id, imei: d.imei, vehicleId: d.vehicleId, plate: vehicles.find((v) => v.carId === d.vehicleId)?.plate ?? null, position: b.position, boundAt: new Date().toISOString() });
        if (!sensors.includes(s)) sensors.push(s);
        const w = (wheels.get(d.vehicleId) ?? []).find((x) => x.position === b.position);
        if (w) Object.assign(w, { sensorNo: s.sensorNo, sensorKind: s.kind });
        return ok(s);
      }
      case 'POST /api/web/device/detSensor':
        for (const id of b.ids ?? []) {
          const i = sensors.findIndex((s) => s.id === id);
          if (i !== -1 && b.delete) sensors.splice(i, 1);
          else if (i !== -1) Object.assign(sensors[i], { deviceId: null, imei: null, vehicleId: null, plate: null, position: null });
        }
        return ok({});
      case 'POST /api/web/device/getUrlList':
        return ok(page(firmware.filter((f) => (!b.model || f.model === b.model) && like(f.version, b.keyword)), b));
      case 'POST /api/web/device/addBinUrl': {
        const f = { id: nextId++, model: b.model, version: b.version, url: b.url ?? '', fileId: null, checksum: b.checksum ?? '', size: b.size ?? 0, remark: b.remark ?? '', openTasks: 0, createdAt: new Date().toISOString() };
        firmware.unshift(f);
        return ok(f);
      }
      case 'POST /api/web/device/delUrlList':
        for (const id of b.ids ?? []) firmware.splice(firmware.findIndex((f) => f.id === id), 1);
        return ok({});
      case 'POST /api/web/device/toUpgrade': {
        const f = firmware.find((x) => x.id === b.firmwareId);
        if (!f) return fail('没有该固件');
        const made = (b.deviceIds ?? []).map((id) => {
          const d = devices.find((x) => x.id === id);
          const t = { id: nextId++, deviceId: id, imei: d?.imei ?? '', entId: enterprise.id, firmwareId: f.id, fromVersion: d?.version ?? '', targetVersion: f.version, status: 0, statusName: 'queued', message: '', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
          tasks.unshift(t);
          return t;
        });
        return ok(made);
      }
      case 'POST /api/web/device/updateLog':
        return ok(page(tasks.filter((t) => like(t.imei, b.imei) && (b.status === undefined || t.status === b.status)), b));
      case 'POST /api/web/device/delTask':
        for (const t of tasks) if ((b.ids ?? []).includes(t.id)) Object.assign(t, { status: 5, statusName: 'cancelled' });
        return ok({});
      case 'POST /api/web/device/version': {
        const counts = new Map();
        for (const d of devices) counts.set(`${d.partNo}\u0000${d.version}`, (counts.get(`${d.partNo}\u0000${d.version}`) ?? 0) + 1);
        return ok([...counts].map(([k, n]) => ({ partNo: k.split('\u0000')[0], version: k.split('\u0000')[1], devices: n, online: 0 })));
      }
      case 'POST /api/web/device/strategy':
        return ok([]);
      case 'POST /api/tag/list':
      case 'POST /api/search_label':
        return ok(tags.filter((t) => like(t.name, b.keyword) && (!b.kind || t.kind === b.kind)));
      case 'POST /api/web/device/serviceTags':
        return ok(tags.filter((t) => t.kind === 'service' && like(t.name, b.keyword)));
      case 'POST /api/addTags': {
        const made = (b.tags ?? []).map((t) => ({ id: nextId++, entId: enterprise.id, kind: t.kind ?? 'vehicle', name: t.name, color: t.color ?? '', vehicles: 0, devices: 0, createdAt: new Date().toISOString() }));
        tags.push(...made);
        return ok(made);
      }
      case 'POST /api/delTags':
        for (const id of b.ids ?? []) tags.splice(tags.findIndex((t) => t.id === id), 1);
        return ok({});
      case 'POST /api/tag/set_device': {
        const d = devices.find((x) => x.id === b.deviceId);
        if (!d) return fail('没有该设备');
        d.tags = tags.filter((t) => (b.tagIds ?? []).includes(t.id)).map(({ id, name, color }) => ({ id, name, color }));
        return ok(d);
      }
      case 'POST /api/web/carType/carBrandAll':
        return ok(carBrands.filter((x) => like(x.name, b.keyword)));
      case 'POST /api/web/carType/carSeriesAll':
        return ok(carBrands.find((x) => x.id === b.brandId)?.series ?? []);
      case 'POST /api/web/carType/carClass':
        return ok(carClasses.filter((x) => like(x.name, b.keyword)));
      case 'POST /api/web/carType/inUpCarBrands':
      case 'POST /api/web/carType/inUpCarSeries':
      case 'POST /api/web/carType/inUpCarClass':
      case 'POST /api/web/tyre/inUpTyreBrands':
        return fail('演示环境的目录是只读的');
      case 'POST /api/web/tyre/tyreBrandAll':
        return ok(tyreBrands);
      case 'POST /api/web/tyre/tyre_list':
        return ok(page(tyres, b));
      case 'POST /api/web/tyre/spec':
      case 'POST /api/web/tyre/grainSize':
        return ok([]);
      case 'GET /api/tbEnterpriseAlarm/findTbEnterpriseAlarmNew': {
        // the server's defaults (drive axle, 8.5 bar nominal): the wheel diagram colours by them
        const general = { standardPressure: 8.5, highPressure: 10.2, lowPressureWarning: 7.2, lowPressureCritical: 6.4, highTemperature: 85, fastLeakRate: 20, axleHighTemperature: 100, axleTempDifference: 25, sensorLowBattery: 20, offlineMinutes: 30 };
        return ok({ entId: enterprise.id, general: { ...general, entId: enterprise.id, customized: false, updatedAt: null }, axles: [] });
      }
      default:
        return null;
    }
  }
  handle.synthesize = synthesize;
  return handle;
}
