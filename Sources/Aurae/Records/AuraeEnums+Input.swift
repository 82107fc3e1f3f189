// The Aurae enums as input names them (raw values, ignoring ASCII case).
import Ingest


extension OnsetSpeed: InputEnum { public static let inputTable = EnumTable<OnsetSpeed>() }
extension PressureTrend: InputEnum { public static let inputTable = EnumTable<PressureTrend>() }
extension CyclePhase: InputEnum { public static let inputTable = EnumTable<CyclePhase>() }
extension Symptom: InputEnum { public static let inputTable = EnumTable<Symptom>() }
extension EnvironmentFactor: InputEnum { public static let inputTable = EnumTable<EnvironmentFactor>() }
extension KnownFood: InputEnum { public static let inputTable = EnumTable<KnownFood>() }
